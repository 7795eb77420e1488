// Operator commands: `npm run cli -- <command> [options]`. Each command is a module exporting
// `run(args, io)`; this file only dispatches. Commands are imported lazily so one command does
// not pay for another's dependencies.
type Command = { summary: string; load: () => Promise<{ run: (args: string[]) => Promise<number> }> };

const commands: Record<string, Command> = {
  'agent:create': {
    summary: 'create an agent: --email <address> [--type agent|senior_agent] [--password-stdin]',
    load: () => import('./commands/agent-create'),
  },
  'keys:rotate': {
    summary: 'publish a next signing key (signs after 10 minutes)',
    load: () => import('./commands/keys-rotate'),
  },
  'db:migrate': { summary: 'apply pending database migrations', load: () => import('./commands/db-migrate') },
  'seed:demo': {
    summary: 'seed the demo accounts into the database',
    load: () => import('./commands/seed-demo'),
  },
  retention: {
    summary: 'notify and delete inactive accounts (RETENTION_MONTHS): [--now ISO] [--dry-run]',
    load: () => import('./commands/retention'),
  },
  'profile:delete': {
    summary:
      'delete a candidate or company (DSGVO Art. 17): --email <address> | --uuid <uuid> [--reason ...] [--yes]; dry run without --yes',
    load: () => import('./commands/profile-delete'),
  },
  'match:file': {
    summary: 'rank profiles (NDJSON) against a job (JSON) without a database',
    load: () => import('./commands/match-file'),
  },
};

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  const command = name ? commands[name] : undefined;
  if (!command) {
    if (name && name !== 'help' && name !== '--help') process.stderr.write(`unknown command: ${name}\n`);
    process.stdout.write('usage: npm run cli -- <command> [options]\n\ncommands:\n');
    for (const [key, c] of Object.entries(commands))
      process.stdout.write(`  ${key.padEnd(16)} ${c.summary}\n`);
    return name && name !== 'help' && name !== '--help' ? 2 : 0;
  }
  return (await command.load()).run(args);
}

process.exitCode = await main(process.argv.slice(2));

export {};
