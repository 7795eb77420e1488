import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordScreen } from '../ui/screens/password-reset';

export const Route = createFileRoute('/forgot-password')({ component: ForgotPasswordScreen });
