import { createFileRoute } from '@tanstack/react-router';
import { ValidateEmailScreen } from '../ui/screens/public';

export const Route = createFileRoute('/user/validate/$token')({ component: ValidateEmailScreen });
