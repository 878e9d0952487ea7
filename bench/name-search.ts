import { DEMO_PROVENANCE, demoGraph } from '../src/demo/graph.js';
import { DEFAULT_ALLOWED_PROCEDURES, openGraphStore } from '../src/stores/graph/index.js';
import type { GraphStore } from '../src/stores/graph/port.js';

/**
 * Name search (the planner's way from a name in a question to a node) on one graph engine,
 * with its cache off: the full-text search of a name against the lookup of one node by its
 * indexed key, the bare baseline, measured alternately in the same run on the same engine.
 */
const ITERATIONS = Number(process.env.BENCH_NAME_SEARCH_N ?? 300);
const NAMES = ['Nimbus Labs', 'maya', 'Orbital', 'Berlin', 'rust', 'Elastic Consensus', 'kim', 'toronto'];

const pct = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** `neo4jUri` set: that server (its graph must be empty or hold the demo); else an embedded Grafeo of its own. */
export async function benchNameSearch(options: { engine: string; neo4jUri?: string }): Promise<string[]> {
  const graph: GraphStore = await openGraphStore({
    neo4j: options.neo4jUri ? { uri: options.neo4jUri, user: 'neo4j', password: '', database: 'neo4j' } : undefined,
    queryTimeoutMs: 10_000,
    maxRows: 1000,
    allowedProcedures: [...DEFAULT_ALLOWED_PROCEDURES],
    searchCacheEntries: 0,
  });
  try {
    const demo = demoGraph();
    await graph.upsert(demo, DEMO_PROVENANCE);
    const keys = demo.nodes.map((n) => n.key);
    for (const name of NAMES) {
      if ((await graph.findNodesByName(name)).length === 0) throw new Error(`name search found nothing for “${name}” on ${options.engine}`);
    }
    const search: number[] = [];
    const lookup: number[] = [];
    for (let i = 0; i < ITERATIONS; i++) {
      search.push(await timed(() => graph.findNodesByName(NAMES[i % NAMES.length]!)));
      lookup.push(await timed(() => graph.runReadOnly('MATCH (n:_CqksEntity {_key: $key}) RETURN n', { key: keys[i % keys.length]! })));
    }
    const ms = (n: number) => `${n.toFixed(2).padStart(6)} ms`;
    const ratio = pct(search, 50) / pct(lookup, 50);
    return [
      `  ${options.engine}: ${ITERATIONS} searches of ${NAMES.length} names (cache off) over ${keys.length} nodes, alternating with key lookups`,
      `    name search                 median ${ms(pct(search, 50))}   p95 ${ms(pct(search, 95))}`,
      `    node by key (baseline)      median ${ms(pct(lookup, 50))}   p95 ${ms(pct(lookup, 95))}`,
      `    ratio ${ratio.toFixed(2)}`,
    ];
  } finally {
    await graph.close();
  }
}
