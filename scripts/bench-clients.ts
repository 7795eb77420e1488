// The load of a benchmark, apart from the server it measures: lists of HTTP requests run in a worker
// thread (their fetch, decompression and JSON parsing do not share the server's event loop), each
// list one request after another, the lists at once — like that many users. Used by bench:jobs and
// bench:agents.
import { Worker } from 'node:worker_threads';

export interface ClientRequest {
  method?: string;
  path: string;
  /** Bearer token of the user who asks. */
  token: string;
  body?: unknown;
  /**
   * Asked of the benchmark's own thread (its `onSignal`) before the request is sent and timed — e.g.
   * to forget a cache so that every request pays for it.
   */
  signal?: string;
  /** An untimed pause before the request is sent: the user's think time (e.g. a typing pause). */
  pauseMs?: number;
}

/**
 * Runs the lists at once in a worker thread; answers each request's milliseconds, per list. A status
 * of 300 or more fails the benchmark.
 */
export async function timedClients(
  base: string,
  lists: ClientRequest[][],
  onSignal: (signal: string) => void = () => {},
): Promise<number[][]> {
  // node:http with kept-alive sockets, not fetch(): fetch costs the client several times the CPU of
  // the request it measures, and on a 2-core box the clients' CPU is the server's. For the same
  // reason an answer is read whole but not decompressed or parsed (a browser does that on its own
  // machine); the first answer of each list is, to check it is JSON. Each client opens its
  // connection first with an untimed GET /api/health, as a user's browser holds one already: the
  // figures are requests, not TCP handshakes.
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
    const http = require('node:http');
    const zlib = require('node:zlib');
    const { base, lists } = workerData;
    const agent = new http.Agent({ keepAlive: true, maxSockets: lists.length });
    const waiting = new Map();
    let next = 0;
    parentPort.on('message', (m) => { const go = waiting.get(m.ack); waiting.delete(m.ack); if (go) go(); });
    const signal = (name) => new Promise((resolve) => {
      next += 1;
      waiting.set(next, resolve);
      parentPort.postMessage({ signal: name, id: next });
    });
    const send = (r) => new Promise((resolve, reject) => {
      const body = r.body ? JSON.stringify(r.body) : undefined;
      const req = http.request(base + r.path, {
        method: r.method || 'GET',
        agent,
        headers: {
          authorization: 'Bearer ' + r.token,
          'accept-encoding': 'br, gzip',
          ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
        },
      }, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          const bytes = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const text = () =>
            (encoding === 'br' ? zlib.brotliDecompressSync(bytes) : encoding === 'gzip' ? zlib.gunzipSync(bytes) : bytes).toString('utf8');
          resolve({ status: res.statusCode, text });
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
    const one = async (r, check) => {
      if (r.pauseMs) await new Promise((resolve) => setTimeout(resolve, r.pauseMs));
      if (r.signal) await signal(r.signal);
      const t0 = performance.now();
      const { status, text } = await send(r);
      const ms = performance.now() - t0;
      if (status >= 300) throw new Error((r.method || 'GET') + ' ' + r.path + ': ' + status + ' ' + text());
      if (check) JSON.parse(text());
      return ms;
    };
    Promise.all(lists.map(async (list) => {
      if (list.length > 0) await send({ path: '/api/health', token: list[0].token });
      const times = [];
      for (const [i, r] of list.entries()) times.push(await one(r, i === 0));
      return times;
    })).then((times) => parentPort.postMessage({ times }), (e) => parentPort.postMessage({ error: String(e) }));`,
    { eval: true, workerData: { base, lists } },
  );
  const answer = await new Promise<{ times?: number[][]; error?: string }>((resolve, reject) => {
    worker.on('message', (message: { signal?: string; id?: number; times?: number[][]; error?: string }) => {
      if (message.signal !== undefined) {
        onSignal(message.signal);
        worker.postMessage({ ack: message.id });
      } else resolve(message);
    });
    worker.once('error', reject);
  });
  await worker.terminate();
  if (answer.error) throw new Error(answer.error);
  return answer.times!;
}
