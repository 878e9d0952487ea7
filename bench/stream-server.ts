import { startBenchService } from './bench-service.js';

/**
 * The service for the stream benchmark, in a process of its own: it creates the sessions,
 * publishes events on request (stamped with the time they were published) and reports its
 * memory, all over IPC.
 */
const { app, port, token } = await startBenchService({
  name: 'streams',
  env: { LOG_LEVEL: 'warn', STREAM_MAX_PER_SUBJECT: '10000', RATE_LIMIT_DEFAULT_PER_MINUTE: '1000000', RATE_LIMIT_CHAT_CREATE_PER_MINUTE: '1000000' },
  roles: ['user'],
});
const principal = { sub: 'bench', roles: ['user' as const], claims: {} };

type Message = { type: 'sessions'; count: number } | { type: 'publish'; session: string; seq: number } | { type: 'memory' };

process.on('message', async (message: Message) => {
  if (message.type === 'sessions') {
    const ids: string[] = [];
    for (let i = 0; i < message.count; i++) ids.push((await app.services.sessions.create(principal, {})).session_id);
    process.send?.({ type: 'sessions', ids });
  } else if (message.type === 'publish') {
    await app.services.events.publish(message.session, 'step_completed', {
      node: 'bench',
      query_type: 'none',
      seq: message.seq,
      published_at: performance.timeOrigin + performance.now(),
    });
    process.send?.({ type: 'published', seq: message.seq });
  } else if (message.type === 'memory') {
    global.gc?.();
    process.send?.({ type: 'memory', rss: process.memoryUsage().rss, heapUsed: process.memoryUsage().heapUsed });
  }
});
process.send?.({ type: 'ready', port, token });
