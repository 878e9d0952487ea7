import { startBenchService } from '../bench/bench-service.js';
import { BENCH_SERVICE_ENV } from '../bench/service-env.js';
import { askAll } from './ask-set.js';
import type { EvalResult } from './ask-set.js';
import { batchesOf, readGraphFile } from './graph-file.js';
import type { EvalQuestion } from './question-set.js';

/**
 * One evaluation: a fresh embedded deployment of the service (its own DATA_DIR, no demo data,
 * the built-in planner), the graph loaded through its graph store in batches it takes, every
 * question asked through HTTP in a session of its own. The deployment is stopped and its
 * DATA_DIR removed afterwards, whatever happened. With `neo4jUri` the graph is a Neo4j server's
 * (everything an evaluation wrote there before is removed first).
 */
export async function evaluate(options: { graph: string; questions: EvalQuestion[]; concurrency: number; neo4jUri?: string }): Promise<EvalResult[]> {
  const graph = await readGraphFile(options.graph);
  const { app, port, token, stop } = await startBenchService({
    name: 'eval',
    env: {
      ...BENCH_SERVICE_ENV,
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'false',
      JOB_POLL_INTERVAL_MS: '50',
      RUN_CONCURRENCY: String(options.concurrency),
      REDIS_URL: '',
      DATABASE_URL: '',
      // A running Neo4j (`npm run neo4j`) instead of the embedded graph: the same graph, the same questions.
      NEO4J_URI: options.neo4jUri ?? '',
    },
    roles: ['user'],
  });
  try {
    // A server's graph outlives the deployment: what an earlier evaluation wrote goes first.
    if (options.neo4jUri) await app.deps.graph.deleteByProvenance('eval');
    for (const batch of batchesOf(graph)) await app.deps.graph.upsert(batch, 'eval');
    app.services.schema.invalidate();
    return await askAll(`http://127.0.0.1:${port}`, token, options.questions, options.concurrency);
  } finally {
    await stop();
  }
}
