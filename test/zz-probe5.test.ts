import { readFileSync } from 'node:fs';
import { describe, it } from 'vitest';
import type { UpsertBatch } from '../src/stores/graph/port.js';
import { graphNode as node, graphRel as rel, plannerOnScratch } from './support/planner.js';
const SCHOOL: UpsertBatch = {
  nodes: [
    node('t:1', 'Teacher', { name: 'Mira Holt', hired: '2010-09-01' }), node('t:2', 'Teacher', { name: 'Jon Reyes', hired: '2018-01-15' }),
    node('c:1', 'Course', { title: 'Algebra', credits: 5, level: 'intro' }), node('c:2', 'Course', { title: 'Poetry', credits: 3, level: 'advanced' }), node('c:3', 'Course', { title: 'Chemistry', credits: 4, level: 'intro' }),
    node('d:1', 'Department', { name: 'Sciences' }), node('d:2', 'Department', { name: 'Arts' }),
    node('s:1', 'Student', { name: 'Lea Fink', born: 2004, city: 'Graz' }), node('s:2', 'Student', { name: 'Omar Said', born: 2005, city: 'Linz' }), node('s:3', 'Student', { name: 'Ana Lutz', born: 2003, city: 'Graz' }),
  ],
  relationships: [
    rel('t:1', 'TEACHES', 'c:1'), rel('t:1', 'TEACHES', 'c:3'), rel('t:2', 'TEACHES', 'c:2'),
    rel('c:1', 'IN', 'd:1'), rel('c:3', 'IN', 'd:1'), rel('c:2', 'IN', 'd:2'),
    rel('s:1', 'ENROLLED_IN', 'c:1', { grade: 90 }), rel('s:1', 'ENROLLED_IN', 'c:2', { grade: 70 }), rel('s:2', 'ENROLLED_IN', 'c:1', { grade: 60 }), rel('s:3', 'ENROLLED_IN', 'c:3', { grade: 85 }),
    rel('s:1', 'MENTORS', 's:2'),
  ],
};
const questions = readFileSync('tmp/probe.txt', 'utf8').split('\n').filter((l) => l.trim() && !l.startsWith('#'));
describe('probe5', () => {
  const planner = plannerOnScratch('probe5', SCHOOL);
  it('asks', async () => {
    for (const q of questions) {
      let a;
      try { a = await planner().ask(q); } catch (e) { console.log(`\n## ${q}\n  ERROR ${(e as Error).message}`); continue; }
      console.log(`\n## ${q}\n  ${a.reading.ok ? a.cypher?.replace(/\n/g, ' ') : 'DECLINED ' + a.reading.reason}\n  -> ${a.text ?? ''}`);
    }
  }, 60000);
});
