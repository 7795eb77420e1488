import * as v from 'valibot';
import { EmailSchema } from '../../contract/session';
import { AgentTypeSchema } from '../../contract/user-types';
import { createAgentAccount } from '../agents/agent-accounts';
import { hashPassword } from '../auth/password';
import { loadConfig } from '../config';
import { openMigratedDatabase } from '../runtime';
import { normaliseEmail } from '../users/users';
import { askHidden, options, readStdin } from './args';

const USAGE =
  'usage: npm run cli -- agent:create --email <address> [--type agent|senior_agent|…] [--password-stdin]';

/** Creates an agent account (agents never register themselves, PRODUCT.md §1). */
export async function run(args: string[]): Promise<number> {
  const opts = options(args, {
    email: { type: 'string' },
    type: { type: 'string' },
    'password-stdin': { type: 'boolean' },
  });
  if ('error' in opts) {
    process.stderr.write(`${opts.error}\n${USAGE}\n`);
    return 2;
  }
  const email = v.safeParse(v.pipe(EmailSchema, v.transform(normaliseEmail)), opts.email ?? '');
  if (!email.success) {
    process.stderr.write(`--email: ${email.issues[0].message}\n${USAGE}\n`);
    return 2;
  }
  const type = v.safeParse(AgentTypeSchema, opts.type ?? 'agent');
  if (!type.success) {
    process.stderr.write(`--type: ${type.issues[0].message} (an agent type contains "agent")\n${USAGE}\n`);
    return 2;
  }
  const password = opts['password-stdin']
    ? await readStdin()
    : await askHidden('Password for the new agent: ');
  const problem = passwordProblem(password, email.output);
  if (problem) {
    process.stderr.write(`password: ${problem}\n`);
    return 2;
  }
  const handle = await openMigratedDatabase(loadConfig());
  try {
    // The one way an agent account is made: the senior agents' "create agent" calls it too.
    const created = await createAgentAccount(handle.db, {
      email: email.output,
      passwordHash: await hashPassword(password),
      userType: type.output,
    });
    if (!created) {
      process.stderr.write(`an account with ${email.output} exists already; nothing changed\n`);
      return 1;
    }
    process.stdout.write(`agent ${email.output} (${type.output}) created\n`);
    return 0;
  } finally {
    await handle.close();
  }
}

/** PRODUCT.md §3 length rule and the e-mail's local part; the strength check joins with registration. */
function passwordProblem(password: string, email: string): string | null {
  if (password.length < 10) return 'at least 10 characters';
  if (password.length > 128) return 'at most 128 characters';
  const local = email.split('@')[0] ?? '';
  if (local.length >= 3 && password.toLowerCase().includes(local.toLowerCase())) {
    return 'must not contain the e-mail address';
  }
  return null;
}
