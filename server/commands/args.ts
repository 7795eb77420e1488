import { parseArgs } from 'node:util';

/** Parses `--name value` options; unknown options or missing values answer a usage error (exit 2). */
export function options<T extends Record<string, { type: 'string' | 'boolean' }>>(
  args: string[],
  spec: T,
): { [K in keyof T]?: T[K]['type'] extends 'string' ? string : boolean } | { error: string } {
  try {
    return parseArgs({ args, options: spec, strict: true, allowPositionals: false }).values as never;
  } catch (error) {
    return { error: (error as Error).message };
  }
}

/** Reads all of standard input (for --password-stdin). */
export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/** Asks for a secret on the terminal without echoing it. */
export async function askHidden(question: string): Promise<string> {
  const { createInterface } = await import('node:readline');
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const output = rl as unknown as { _writeToOutput: (s: string) => void };
  let asked = false;
  output._writeToOutput = (s: string) => {
    if (!asked) {
      process.stdout.write(s);
      asked = true;
    }
  };
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
  });
}
