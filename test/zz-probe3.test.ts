import { readFileSync } from 'node:fs';
import { describe, it } from 'vitest';
import type { UpsertBatch } from '../src/stores/graph/port.js';
import { graphNode as node, graphRel as rel, plannerOnScratch } from './support/planner.js';
const SHOPS: UpsertBatch = {
  nodes: [node('s:1', 'Shop', { name: 'Mill' }), node('s:2', 'Shop', { name: 'Quay' }), node('r:1', 'Review', { reviewId: 'r1', stars: 4 }), node('r:2', 'Review', { reviewId: 'r2', stars: 5 }), node('r:3', 'Review', { reviewId: 'r3', stars: 2 }), node('u:1', 'User', { name: 'Ada' })],
  relationships: [rel('r:1', 'REVIEWS', 's:1'), rel('r:2', 'REVIEWS', 's:1'), rel('r:3', 'REVIEWS', 's:2'), rel('u:1', 'WROTE', 'r:1')],
};
const questions = readFileSync('tmp/probe.txt', 'utf8').split('\n').filter((l) => l.trim() && !l.startsWith('#'));
describe('probe3', () => {
  const planner = plannerOnScratch('probe3', SHOPS);
  it('asks', async () => {
    for (const q of questions) {
      let a;
      try { a = await planner().ask(q); } catch (e) { console.log(`\n## ${q}\n  ERROR ${(e as Error).message}`); continue; }
      console.log(`\n## ${q}\n  ${a.reading.ok ? a.cypher?.replace(/\n/g, ' ') : 'DECLINED ' + a.reading.reason}\n  -> ${a.text ?? ''}`);
    }
  }, 60000);
});
