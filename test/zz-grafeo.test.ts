import { it } from 'vitest';
import { openScratchGraph } from './support/scratch-graph.js';
import { graphNode as node, graphRel as rel } from './support/planner.js';
it('count where', async () => {
  const s = await openScratchGraph('zzgq', { nodes: [node('a', 'C', { level: 'intro' }), node('b', 'C', { level: 'adv' }), node('s', 'S', { name: 'x' })], relationships: [rel('s', 'E', 'a')] });
  for (const q of ["MATCH (s:S)-[:E]->(c:C) WITH s, count(DISTINCT c) AS n WHERE c0 = 1 RETURN s.name", "MATCH (s:S)-[:E]->(c:C) WHERE c.level = 'intro' WITH s, count(DISTINCT c) AS n WHERE n = COUNT { (x:C) WHERE x.level = 'intro' } RETURN s.name AS name", "RETURN COUNT { (x:C) WHERE x.level = 'intro' } AS n"]) {
    try { console.log(q, JSON.stringify((await s.graph.runReadOnly(q)).rows)); } catch (e) { console.log(q, 'ERR', (e as Error).message); }
  }
  await s.close();
});
