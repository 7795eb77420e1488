import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  exited: Promise<number | null>;
  output(): { stdout: string; stderr: string };
  /** The URL from the start banner; rejects when the process ends first. */
  url(): Promise<string>;
  /** SIGTERM, then wait for the exit. */
  stop(): Promise<void>;
}

/** Runs a server entry (server/main.ts or a fixture) as its own process, the way `npm start` does. */
export function spawnServer(
  env: Record<string, string | undefined>,
  entry = 'server/main.ts',
): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d) => {
    stdout += d;
  });
  child.stderr?.on('data', (d) => {
    stderr += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    exited,
    output: () => ({ stdout, stderr }),
    url: () =>
      new Promise<string>((resolve, reject) => {
        const timer = setInterval(() => {
          const match = /running at (http:\/\/\S+)/.exec(stdout);
          if (match?.[1]) {
            clearInterval(timer);
            resolve(match[1]);
          } else if (child.exitCode !== null) {
            clearInterval(timer);
            reject(new Error(`server exited early:\n${stdout}\n${stderr}`));
          }
        }, 50);
      }),
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}
