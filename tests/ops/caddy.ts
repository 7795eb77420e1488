// Debian's Caddy running deploy/Caddyfile as it ships, its values from the environment: `tls internal`
// on loopback, free ports, its own certificate authority in a temporary directory (never the
// machine's trust store, never Caddy's admin endpoint). And an HTTPS client that trusts that
// authority and nothing else: certificates are verified as a browser would.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { Agent, request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../support/postgres-instance';

const root = fileURLToPath(new URL('../..', import.meta.url));
const CADDYFILE = join(root, 'deploy', 'Caddyfile');
const CADDY = process.env.CADDY_BIN ?? '/usr/bin/caddy';
/** The site name the certificate is issued for; the client connects to 127.0.0.1 under this name. */
const SITE = 'localhost';

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  /** Header names and values as sent, so a header sent twice is seen twice. */
  rawHeaders: string[];
  body: string;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  json?: unknown;
  /** The client's own address (127.0.0.2 …): Caddy sees another client. */
  localAddress?: string;
  /** Trust Caddy's authority (the default), or only Node's built-in ones. */
  trusted?: boolean;
}

export class Caddy {
  private readonly agent: Agent;

  private constructor(
    private readonly child: ChildProcess,
    private readonly dir: string,
    readonly httpsPort: number,
    readonly httpPort: number,
    private readonly log: () => string,
  ) {
    this.agent = new Agent({ keepAlive: true, ca: readFileSync(this.rootCertificate()) });
  }

  /**
   * Starts Caddy on deploy/Caddyfile in front of `upstreams` (host:port), its HTTPS site on
   * `httpsPort`, and waits until it answers over TLS.
   */
  static async start(upstreams: string[], httpsPort: number): Promise<Caddy> {
    if (!existsSync(CADDY)) {
      throw new Error(`no Caddy at ${CADDY}: apt-get install caddy (or set CADDY_BIN) to run the ops suite`);
    }
    const dir = mkdtempSync(join(tmpdir(), 'matchwerk-ops-caddy-'));
    const httpPort = await freePort();
    const child = spawn(CADDY, ['run', '--config', CADDYFILE, '--adapter', 'caddyfile'], {
      cwd: dir,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: dir,
        // Caddy keeps its authority and certificates under XDG_DATA_HOME/caddy.
        XDG_DATA_HOME: join(dir, 'data'),
        XDG_CONFIG_HOME: join(dir, 'config'),
        CADDY_ADMIN: 'off',
        CADDY_BIND: '127.0.0.1',
        CADDY_HTTPS_PORT: String(httpsPort),
        CADDY_HTTP_PORT: String(httpPort),
        MATCHWERK_SITE: SITE,
        MATCHWERK_TLS: 'internal',
        MATCHWERK_UPSTREAMS: upstreams.join(' '),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout?.on('data', (d) => {
      log += d;
    });
    child.stderr?.on('data', (d) => {
      log += d;
    });
    const rootCert = join(dir, 'data', 'caddy', 'pki', 'authorities', 'local', 'root.crt');
    const deadline = Date.now() + 30_000;
    while (!existsSync(rootCert)) {
      if (child.exitCode !== null || Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`Caddy did not start:\n${log}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const caddy = new Caddy(child, dir, httpsPort, httpPort, () => log);
    // The site's certificate is issued in the background: ready once a handshake succeeds.
    for (;;) {
      try {
        await caddy.request('/api/health');
        return caddy;
      } catch (error) {
        if (child.exitCode !== null || Date.now() > deadline) {
          await caddy.stop();
          throw new Error(`Caddy never answered over TLS (${(error as Error).message}):\n${log}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }

  /** What Caddy logged so far. */
  output(): string {
    return this.log();
  }

  private rootCertificate(): string {
    return join(this.dir, 'data', 'caddy', 'pki', 'authorities', 'local', 'root.crt');
  }

  /** Opens `path` over TLS and answers the response as it arrives (its body not read yet). */
  open(path: string, options: RequestOptions = {}): Promise<IncomingMessage> {
    const body = options.json === undefined ? undefined : JSON.stringify(options.json);
    return new Promise((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: this.httpsPort,
          servername: SITE,
          path,
          method: options.method ?? 'GET',
          headers: {
            host: `${SITE}:${this.httpsPort}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...options.headers,
          },
          ...(options.trusted === false ? { agent: false } : { agent: this.agent }),
          localAddress: options.localAddress,
          timeout: 20_000,
        },
        resolve,
      );
      req.on('timeout', () => req.destroy(new Error(`no answer to ${path} within 20 s`)));
      req.on('error', reject);
      req.end(body);
    });
  }

  /** One request through Caddy, its body read as text. */
  async request(path: string, options: RequestOptions = {}): Promise<Answer> {
    const res = await this.open(path, options);
    let body = '';
    res.setEncoding('latin1');
    for await (const chunk of res) body += chunk;
    return { status: res.statusCode ?? 0, headers: res.headers, rawHeaders: res.rawHeaders, body };
  }

  /** A plain-HTTP request to Caddy's stand-in for port 80 (it redirects to HTTPS). */
  plainRequest(path: string): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port: this.httpPort, path, headers: { host: SITE }, timeout: 20_000 },
        (res) => {
          res.resume();
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              rawHeaders: res.rawHeaders,
              body: '',
            }),
          );
        },
      );
      req.on('timeout', () => req.destroy(new Error(`no answer to ${path} within 20 s`)));
      req.on('error', reject);
      req.end();
    });
  }

  async stop(): Promise<void> {
    this.agent.destroy();
    if (this.child.exitCode === null) {
      const exited = new Promise((resolve) => this.child.once('exit', resolve));
      this.child.kill('SIGTERM');
      await exited;
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** Caddy's version line, for the figures. */
export function caddyVersion(): string {
  return execFileSync(CADDY, ['version']).toString().trim().split(' ')[0] ?? '?';
}
