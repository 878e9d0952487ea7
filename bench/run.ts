import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

/**
 * `npm run bench`: requests per second of a bare Fastify route and of an authenticated
 * route (JWT verified, one row read from the relational store), measured one after the
 * other in the same run on the same machine, and their ratio. Target: ratio >= 0.5.
 */
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

interface Started {
  port: number;
  token?: string;
}

async function withServer<T>(kind: 'bare' | 'app', work: (s: Started) => Promise<T>): Promise<T> {
  const child = fork(fileURLToPath(new URL('./server.ts', import.meta.url)), [kind], {
    execArgv: ['--import', 'tsx'],
    // The service logs every request, as in production; the lines go nowhere.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' },
  });
  try {
    const started = await new Promise<Started>((resolve, reject) => {
      child.once('message', (m) => resolve(m as Started));
      child.once('exit', (code) => reject(new Error(`${kind} server exited with ${code}`)));
    });
    return await work(started);
  } finally {
    child.kill('SIGTERM');
  }
}

async function measure(url: string, headers: Record<string, string> = {}): Promise<{ rps: number; p99: number; errors: number }> {
  // A short warm-up so JIT and caches (JWT verification, prepared statements) are hot.
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 2 });
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_S });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

const bare = await withServer('bare', (s) => measure(`http://127.0.0.1:${s.port}/bare`));
const { auth, app } = await withServer('app', async (s) => {
  const headers = { authorization: `Bearer ${s.token}` };
  return {
    auth: await measure(`http://127.0.0.1:${s.port}/api/v1/bench/auth`, headers),
    app: await measure(`http://127.0.0.1:${s.port}/api/v1/bench/row`, headers),
  };
});

const ratio = app.rps / bare.rps;
const row = (name: string, r: typeof bare) =>
  `${name.padEnd(34)} ${r.rps.toFixed(0).padStart(8)} req/s   p99 ${String(r.p99).padStart(4)} ms   errors ${r.errors}`;
process.stdout.write(
  [
    `benchmark: ${CONNECTIONS} connections, ${DURATION_S} s each, same machine, same run`,
    row('bare fastify route', bare),
    row('authenticated route (JWT only)', auth),
    row('authenticated route (JWT + 1 row)', app),
    `ratio authenticated/bare: ${ratio.toFixed(2)} (target >= 0.50) ${ratio >= 0.5 ? 'OK' : 'BELOW TARGET'}`,
    '',
  ].join('\n'),
);
if (bare.errors > 0 || auth.errors > 0 || app.errors > 0) process.exitCode = 1;
