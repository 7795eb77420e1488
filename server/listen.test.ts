import { mkdtempSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer } from '../tests/support/server-process';
import { ConfigError, loadConfig } from './config';

const dataDir = mkdtempSync(join(tmpdir(), 'matchwerk-listen-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** An address of this machine that other machines reach it by (none in a bare sandbox). */
const networkAddress = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && !a.internal && a.family === 'IPv4')?.address;

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(5000) })).ok;
  } catch {
    return false;
  }
}

describe('where the server listens', () => {
  it('defaults to 127.0.0.1 outside production and 0.0.0.0 in production; HOST overrides both', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'production' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' })).toMatchObject({ host: '0.0.0.0', hostFromEnv: true });
    expect(loadConfig({ NODE_ENV: 'production', HOST: '127.0.0.1' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '::' }).host).toBe('::');
    expect(loadConfig({ HOST: 'app.internal' }).host).toBe('app.internal');
  });

  it.each(['http://0.0.0.0', '1.2.3.4:80', 'a b', '-bad-', `${'x'.repeat(64)}.example`])(
    'refuses HOST=%s with a line naming HOST',
    (value) => {
      expect(() => loadConfig({ HOST: value })).toThrow(ConfigError);
      expect(() => loadConfig({ HOST: value })).toThrow(/HOST/);
    },
  );

  it('outside production listens on loopback only and says so in the start line', async () => {
    const proc = spawnServer({ PORT: '0', NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
    try {
      const url = await proc.url();
      const port = new URL(url).port;
      const stdout = proc.output().stdout;
      expect(stdout).toContain(`Listening on 127.0.0.1:${port}: loopback only`);
      expect(stdout).toContain('set HOST');
      expect(await answers(`http://127.0.0.1:${port}/api/health`)).toBe(true);
      if (networkAddress) expect(await answers(`http://${networkAddress}:${port}/api/health`)).toBe(false);
    } finally {
      await proc.stop();
    }
  }, 120_000);

  it('listens where HOST says, and the start line names it without the loopback note', async () => {
    const proc = spawnServer({
      PORT: '0',
      HOST: '0.0.0.0',
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    });
    try {
      const port = new URL(await proc.url()).port;
      const stdout = proc.output().stdout;
      expect(stdout).toContain(`Listening on 0.0.0.0:${port}`);
      expect(stdout).not.toContain('loopback only');
      expect(await answers(`http://127.0.0.1:${port}/api/health`)).toBe(true);
      if (networkAddress) expect(await answers(`http://${networkAddress}:${port}/api/health`)).toBe(true);
    } finally {
      await proc.stop();
    }
  }, 120_000);
});
