import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordScreen } from '../ui/screens/public';

export const Route = createFileRoute('/forgot-password')({ component: ForgotPasswordScreen });
