import { createFileRoute } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import * as v from 'valibot';
import { accountLogic } from '../machines/account/account-actors';
import { KeepAccountScreen } from '../ui/account/keep-account';
import { useAppActors } from '../ui/components/app-context';

// The retention notice's link (PRODUCT.md §8): /keep-account?token=… (the request log holds paths
// without their query, so the token is never logged).
export const Route = createFileRoute('/keep-account')({
  validateSearch: v.object({ token: v.optional(v.string(), '') }),
  component: function KeepAccount() {
    const { token } = Route.useSearch();
    const { logic } = useAppActors();
    const keep = useActorRef(accountLogic(logic).keepAccount);
    return <KeepAccountScreen token={token} keep={keep} />;
  },
});
