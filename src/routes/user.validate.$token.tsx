import { createFileRoute } from '@tanstack/react-router';
import { validateEmailCall } from '../api/account';
import { ValidateEmailScreen } from '../ui/screens/public';

type Validation = { ok: true; code: null } | { ok: false; code: string };

// The link is single use, but the router may run this loader again (an invalidation after the
// session took the new tokens): every visit of a token shares the first answer.
const validations = new Map<string, Promise<Validation>>();

export const Route = createFileRoute('/user/validate/$token')({
  loader: ({ context, params }) => {
    let validation = validations.get(params.token);
    if (!validation) {
      validation = validateEmailCall(context.api, params.token).then(
        (pair): Validation => {
          const credentials = pair.refresh_token
            ? { token: pair.token, refreshToken: pair.refresh_token }
            : { token: pair.token };
          const signedIn = context.session.getSnapshot().matches('authenticated');
          context.session.send(
            signedIn
              ? { type: 'session.tokensIssued', credentials }
              : { type: 'session.signedIn', credentials },
          );
          return { ok: true, code: null };
        },
        (error): Validation => ({
          ok: false,
          code: (error as { code?: string }).code ?? 'network.unreachable',
        }),
      );
      validations.set(params.token, validation);
    }
    return validation;
  },
  component: function Validate() {
    const result = Route.useLoaderData();
    return <ValidateEmailScreen ok={result.ok} code={result.code} />;
  },
});
