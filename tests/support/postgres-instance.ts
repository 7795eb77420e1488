// A PostgreSQL server of the fault suite's own: initdb into a temporary directory, its own port,
// started and stopped (or frozen with SIGSTOP) by the test. Never the shared cluster on 5432.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** A TCP port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL program as the `postgres` user when we are root (initdb refuses root). */
function command(program: string, args: string[]): [string, string[]] {
  const path = join(PG_BIN, program);
  return asRoot ? ['runuser', ['-u', 'postgres', '--', path, ...args]] : [path, args];
}

export class PostgresInstance {
  readonly url: string;
  private server: ChildProcess | undefined;
  private frozen: number[] = [];

  private constructor(
    readonly dir: string,
    readonly port: number,
  ) {
    this.url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  }

  /** initdb (throws when PostgreSQL is not installed: the suite must fail, not skip) and start. */
  static async create(): Promise<PostgresInstance> {
    if (!existsSync(join(PG_BIN, 'initdb'))) {
      throw new Error(`no initdb in ${PG_BIN}: install PostgreSQL 15 (or set PG_BIN) to run the fault suite`);
    }
    const dir = mkdtempSync(join(tmpdir(), 'matchwerk-fault-pg-'));
    if (asRoot) {
      const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
      const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
      chownSync(dir, uid, gid);
    }
    const [initdb, args] = command('initdb', [
      '-D',
      join(dir, 'data'),
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
    ]);
    execFileSync(initdb, args, { stdio: 'pipe' });
    const instance = new PostgresInstance(dir, await freePort());
    await instance.start();
    return instance;
  }

  /** Starts the server and waits until it accepts connections. */
  async start(): Promise<void> {
    const [postgres, args] = command('postgres', [
      '-D',
      join(this.dir, 'data'),
      '-p',
      String(this.port),
      '-k',
      this.dir,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'fsync=off',
      '-c',
      'max_connections=50',
    ]);
    this.server = spawn(postgres, args, { stdio: 'ignore' });
    const deadline = Date.now() + 30_000;
    for (;;) {
      const client = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: 1000 });
      try {
        await client.connect();
        await client.query('select 1');
        await client.end();
        return;
      } catch (error) {
        await client.end().catch(() => {});
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }

  /** The postmaster's PID (from postmaster.pid). */
  postmasterPid(): number {
    return Number(readFileSync(join(this.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
  }

  /** The postmaster and every process it forked (backends, checkpointer, WAL writer …). */
  private processes(): number[] {
    const postmaster = this.postmasterPid();
    const children = readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .filter((name) => {
        try {
          // /proc/<pid>/stat: "pid (comm) state ppid …"; comm may hold spaces, so split after ')'.
          const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
          return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
        } catch {
          return false;
        }
      })
      .map(Number);
    return [postmaster, ...children];
  }

  /** SIGSTOP to every PostgreSQL process: connections stay open, nothing answers. */
  freeze(): void {
    this.frozen = this.processes();
    for (const pid of this.frozen) process.kill(pid, 'SIGSTOP');
  }

  thaw(): void {
    // runuser stops itself when its child stops (job control, like su): wake it as well.
    const wrapper = asRoot && this.frozen.length > 0 ? this.server?.pid : undefined;
    for (const pid of wrapper ? [...this.frozen, wrapper] : this.frozen) {
      try {
        process.kill(pid, 'SIGCONT');
      } catch {
        // ended meanwhile
      }
    }
    this.frozen = [];
  }

  /** Fast shutdown (SIGINT to the postmaster): sessions are ended, open transactions rolled back. */
  async stop(): Promise<void> {
    const server = this.server;
    if (!server || server.exitCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    process.kill(this.postmasterPid(), 'SIGINT');
    await exited;
    this.server = undefined;
  }

  async destroy(): Promise<void> {
    this.thaw();
    await this.stop().catch(() => {});
    rmSync(this.dir, { recursive: true, force: true });
  }
}
