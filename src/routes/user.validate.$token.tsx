import { createFileRoute } from '@tanstack/react-router';
import { createActor, waitFor } from 'xstate';
import { accountLogic } from '../machines/account/account-actors';
import type { EmailValidationActor } from '../machines/account/email-validation.machine';
import { ValidateEmailScreen } from '../ui/public/public';

// The link is single use, but the router runs this loader again when the session took the new tokens
// (an invalidation): while the page shows, every run reads the one validation actor of its token.
// Leaving the page stops and forgets it.
const validations = new Map<string, EmailValidationActor>();

export const Route = createFileRoute('/user/validate/$token')({
  loader: async ({ context, params }) => {
    let validation = validations.get(params.token);
    if (!validation) {
      validation = createActor(accountLogic(context.logic).emailValidation, {
        input: { token: params.token },
      }).start();
      validations.set(params.token, validation);
    }
    const done = await waitFor(validation, (s) => s.status === 'done');
    return { ok: done.matches('validated'), code: done.context.error };
  },
  onLeave: ({ params }) => {
    validations.get(params.token)?.stop();
    validations.delete(params.token);
  },
  component: function Validate() {
    const result = Route.useLoaderData();
    return <ValidateEmailScreen ok={result.ok} code={result.code} />;
  },
});
