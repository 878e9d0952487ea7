import { fork } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';

/**
 * 2,000 concurrent SSE streams on one process: the delay from publishing an event to a
 * client receiving it (median and p99), and the process's memory with the streams open
 * against the same process idle.
 */
const STREAMS = Number(process.env.BENCH_STREAMS ?? 2000);
const EVENTS = Number(process.env.BENCH_STREAM_EVENTS ?? 1000);

interface Reply {
  type: string;
  [key: string]: unknown;
}

export async function benchStreams(): Promise<string[]> {
  const child = fork(fileURLToPath(new URL('./stream-server.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const replies: Reply[] = [];
  const waiting: ((r: Reply) => void)[] = [];
  child.on('message', (m: Reply) => (waiting.length ? waiting.shift()!(m) : replies.push(m)));
  const next = () => new Promise<Reply>((resolve) => (replies.length ? resolve(replies.shift()!) : waiting.push(resolve)));
  const ask = async (message: object) => {
    child.send(message);
    return next();
  };
  try {
    const ready = await next();
    const { port, token } = ready as unknown as { port: number; token: string };
    const idle = (await ask({ type: 'memory' })) as unknown as { rss: number; heapUsed: number };
    const { ids } = (await ask({ type: 'sessions', count: STREAMS })) as unknown as { ids: string[] };

    const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
    const delays: number[] = [];
    let opened = 0;
    let onOpened!: () => void;
    const allOpen = new Promise<void>((resolve) => (onOpened = resolve));
    let received = 0;
    let onAll!: () => void;
    const allReceived = new Promise<void>((resolve) => (onAll = resolve));
    const requests = ids.map((id) => {
      const req = http.get(
        { host: '127.0.0.1', port, path: `/api/v1/chat/${id}/stream?after=1`, agent, headers: { authorization: `Bearer ${token}` } },
        (res) => {
          if (++opened === ids.length) onOpened();
          let buffer = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            buffer += chunk;
            let end: number;
            while ((end = buffer.indexOf('\n\n')) >= 0) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              const data = block.split('\n').find((l) => l.startsWith('data: '));
              if (!data) continue;
              const event = JSON.parse(data.slice(6)) as { data: { published_at: number } };
              delays.push(performance.timeOrigin + performance.now() - event.data.published_at);
              if (++received === EVENTS) onAll();
            }
          });
        },
      );
      req.on('error', () => undefined);
      return req;
    });
    await allOpen;
    const open = (await ask({ type: 'memory' })) as unknown as { rss: number; heapUsed: number };
    // One event at a time (each acknowledged once stored), spread over the sessions.
    for (let i = 0; i < EVENTS; i++) await ask({ type: 'publish', session: ids[(i * 7919) % ids.length], seq: i });
    await allReceived;
    requests.forEach((r) => r.destroy());
    agent.destroy();
    delays.sort((a, b) => a - b);
    const pct = (p: number) => delays[Math.min(delays.length - 1, Math.floor((p / 100) * delays.length))]!;
    const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
    return [
      `  ${STREAMS} open SSE streams, ${EVENTS} events published to them one after another`,
      `  publish -> receipt delay: median ${pct(50).toFixed(1)} ms, p99 ${pct(99).toFixed(1)} ms`,
      `  process memory (rss): idle ${mb(idle.rss)}, with ${STREAMS} streams ${mb(open.rss)} ` +
        `(+${((open.rss - idle.rss) / 1024 / STREAMS).toFixed(1)} KB per stream); heap ${mb(idle.heapUsed)} -> ${mb(open.heapUsed)}`,
    ];
  } finally {
    child.kill('SIGTERM');
  }
}
