import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordScreen } from '../ui/session/password-reset';

export const Route = createFileRoute('/forgot-password')({ component: ForgotPasswordScreen });
