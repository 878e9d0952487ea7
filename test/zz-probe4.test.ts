import { readFileSync } from 'node:fs';
import { describe, it } from 'vitest';
import type { UpsertBatch } from '../src/stores/graph/port.js';
import { graphNode as node, graphRel as rel, plannerOnScratch } from './support/planner.js';
const HOSTS: UpsertBatch = {
  nodes: [node('p:1', 'Job', { name: 'cron', pid: 8966, started: 1600 }), node('p:2', 'Job', { name: 'cron', pid: 101, started: 1700 }), node('a:1', 'Task', { name: 'backup' }), node('a:2', 'Task', { name: 'report' })],
  relationships: [rel('a:1', 'USES', 'p:1'), rel('a:2', 'USES', 'p:2')],
};
const questions = readFileSync('tmp/probe.txt', 'utf8').split('\n').filter((l) => l.trim() && !l.startsWith('#'));
describe('probe4', () => {
  const planner = plannerOnScratch('probe4', HOSTS);
  it('asks', async () => {
    for (const q of questions) {
      let a;
      try { a = await planner().ask(q); } catch (e) { console.log(`\n## ${q}\n  ERROR ${(e as Error).message}`); continue; }
      console.log(`\n## ${q}\n  ${a.reading.ok ? a.cypher?.replace(/\n/g, ' ') : 'DECLINED ' + a.reading.reason}\n  -> ${a.text ?? ''}`);
    }
  }, 60000);
});
