import { inject } from 'vitest';
import { startTestApp, type TestApp } from './app.js';

/**
 * The graph engines the tests over the demo graph run on, with the same expected values: the
 * embedded one, and Neo4j (the global setup's corpus server, which holds the demo graph; absent,
 * with the setup's line saying why, where no Neo4j can run). Those tests only read the graph.
 */
export interface DemoGraphEngine {
  name: 'Grafeo' | 'Neo4j';
  /** What to add to the test app's environment. */
  env: Record<string, string>;
  available: boolean;
}

export function demoGraphEngines(): DemoGraphEngine[] {
  const uri = inject('neo4jCorpusUri');
  return [
    { name: 'Grafeo', env: {}, available: true },
    { name: 'Neo4j', env: uri ? { NEO4J_URI: uri } : {}, available: Boolean(uri) },
  ];
}

/** The service over the demo graph on `engine`, listening on a port the OS picks (streams need one). */
export async function startDemoGraphApp(engine: DemoGraphEngine, env: Record<string, string> = {}): Promise<TestApp> {
  const t = await startTestApp({ env: { DEMO_DATA: 'true', JOB_POLL_INTERVAL_MS: '100', RATE_LIMIT_CHAT_MESSAGE_PER_MINUTE: '10000', ...engine.env, ...env } });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  return t;
}
