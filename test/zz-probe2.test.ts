import { readFileSync } from 'node:fs';
import { describe, it } from 'vitest';
import { HARBOUR } from './planner/constructions/harbour.js';
import { plannerOnScratch } from './support/planner.js';
const questions = readFileSync('tmp/probe.txt', 'utf8').split('\n').filter((l) => l.trim() && !l.startsWith('#'));
describe('probe2', () => {
  const planner = plannerOnScratch('probe2', HARBOUR);
  it('asks', async () => {
    for (const q of questions) {
      let a;
      try { a = await planner().ask(q); } catch (e) { console.log(`\n## ${q}\n  ERROR ${(e as Error).message}`); continue; }
      console.log(`\n## ${q}\n  ${JSON.stringify(a.reading).slice(0, 1500)}`);
    }
  }, 60000);
});
