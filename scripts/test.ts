// `npm test`: the type check and lint (`check:fast`) beside Vitest, not before it (issue 40): on two
// cores the ~30 s of `tsc` overlap Vitest's global setups (the template databases, the build)
// instead of adding to the run. A failing check stops Vitest at once and fails the run, as it did
// when it ran first; its output is printed when it ends. Arguments go to Vitest.
import { type ChildProcess, spawn } from 'node:child_process';

const started = performance.now();
const seconds = () => ((performance.now() - started) / 1000).toFixed(0);

const check = spawn('npm', ['run', '--silent', 'check:fast'], { stdio: ['ignore', 'pipe', 'pipe'] });
let checkOutput = '';
check.stdout?.on('data', (chunk: Buffer) => {
  checkOutput += chunk;
});
check.stderr?.on('data', (chunk: Buffer) => {
  checkOutput += chunk;
});

// Its own process group, so that stopping it stops its workers, servers and browsers too.
const vitest = spawn(
  'npx',
  [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=./tests/support/timings-reporter.ts',
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit', detached: true },
);

const exited = (child: ChildProcess) =>
  new Promise<number>((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));

const stopVitest = () => {
  if (vitest.pid !== undefined && vitest.exitCode === null) {
    try {
      process.kill(-vitest.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
};
process.on('SIGINT', stopVitest);
process.on('SIGTERM', stopVitest);

const checked = exited(check).then((code) => {
  process.stdout.write(`\n${checkOutput}`);
  if (code === 0) process.stdout.write(`check:fast (tsc, Biome) passed after ${seconds()} s\n\n`);
  else {
    process.stderr.write(`check:fast (tsc, Biome) failed after ${seconds()} s: the tests are stopped\n`);
    stopVitest();
  }
  return code;
});
const [checkCode, vitestCode] = await Promise.all([checked, exited(vitest)]);
process.exitCode = checkCode !== 0 ? checkCode : vitestCode;
