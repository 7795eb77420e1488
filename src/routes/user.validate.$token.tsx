import { createFileRoute } from '@tanstack/react-router';
import { validateEmailCall } from '../api/account';
import { ValidateEmailScreen } from '../ui/screens/public';

// The link is single use: validate once per visit, never again on a re-render or invalidation.
export const Route = createFileRoute('/user/validate/$token')({
  loader: async ({ context, params }) => {
    try {
      const pair = await validateEmailCall(context.api, params.token);
      const credentials = pair.refresh_token
        ? { token: pair.token, refreshToken: pair.refresh_token }
        : { token: pair.token };
      const signedIn = context.session.getSnapshot().matches('authenticated');
      context.session.send(
        signedIn ? { type: 'session.tokensIssued', credentials } : { type: 'session.signedIn', credentials },
      );
      return { ok: true as const, code: null };
    } catch (error) {
      return { ok: false as const, code: (error as { code?: string }).code ?? 'network.unreachable' };
    }
  },
  staleTime: Number.POSITIVE_INFINITY,
  shouldReload: false,
  component: function Validate() {
    const result = Route.useLoaderData();
    return <ValidateEmailScreen ok={result.ok} code={result.code} />;
  },
});
