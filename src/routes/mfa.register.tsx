import { createFileRoute } from '@tanstack/react-router';
import { MfaRegisterScreen } from '../ui/screens/account';

export const Route = createFileRoute('/mfa/register')({ component: MfaRegisterScreen });
