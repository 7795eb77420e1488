import { createFileRoute } from '@tanstack/react-router';
import { CompaniesScreen } from '../../ui/screens/workspace';

export const Route = createFileRoute('/_protected/companies')({ component: CompaniesScreen });
