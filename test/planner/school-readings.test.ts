import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { firstValues, graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * A graph nobody tuned for, asked as a newcomer would: a relationship named by a Cypher keyword
 * (`IN`) made queries that did not parse; "no intro courses" denied the value ("courses not
 * intro") instead of the courses; "every intro course" was read as any; "more courses than Jon
 * Reyes" and "born before Omar Said" were read as things joined to the named one; "mentored", a
 * verb the tagger does not know, was left unread and the students were joined to their mentor the
 * wrong way round. On an invented school.
 */
const SCHOOL: UpsertBatch = {
  nodes: [
    node('t:1', 'Teacher', { name: 'Mira Holt' }),
    node('t:2', 'Teacher', { name: 'Jon Reyes' }),
    node('c:1', 'Course', { title: 'Algebra', credits: 5, level: 'intro' }),
    node('c:2', 'Course', { title: 'Poetry', credits: 3, level: 'advanced' }),
    node('c:3', 'Course', { title: 'Chemistry', credits: 4, level: 'intro' }),
    node('c:4', 'Course', { title: 'Drawing', credits: 2, level: 'intro' }),
    node('d:1', 'Department', { name: 'Sciences' }),
    node('d:2', 'Department', { name: 'Arts' }),
    node('s:1', 'Student', { name: 'Lea Fink', born: 2004, city: 'Graz' }),
    node('s:2', 'Student', { name: 'Omar Said', born: 2005, city: 'Linz' }),
  ],
  relationships: [
    rel('t:1', 'TEACHES', 'c:1'),
    rel('t:1', 'TEACHES', 'c:3'),
    rel('t:1', 'TEACHES', 'c:4'),
    rel('t:2', 'TEACHES', 'c:2'),
    rel('c:1', 'IN', 'd:1'),
    rel('c:3', 'IN', 'd:1'),
    rel('c:2', 'IN', 'd:2'),
    rel('c:4', 'IN', 'd:2'),
    rel('s:1', 'ENROLLED_IN', 'c:1'),
    rel('s:1', 'MENTORS', 's:2'),
  ],
};

describe('readings of a school', () => {
  const planner = plannerOnScratch('school readings', SCHOOL);

  it('writes a relationship named by a keyword so that it parses', async () => {
    const answer = await planner().ask('How many courses are in the Sciences department?');
    expect(answer.cypher).toContain('[r0:`IN`]');
    expect(answer.rows).toEqual([{ count: 2 }]);
  });

  it('denies the things a value qualifies ("no intro courses"), not the value', async () => {
    const answer = await planner().ask('Which departments have no advanced courses?');
    expect(answer.cypher).toMatch(/NOT EXISTS \{ MATCH \(n1:Course\)-\[:`IN`\]->\(n0\) WHERE n1\.level = 'advanced' \}/);
    expect(firstValues(answer)).toEqual(['Sciences']);
    expect(answer.text).toBe('1 department that no course (level advanced) is in: Sciences.');
  });

  it('reads "every" of things with a condition as all those there are', async () => {
    expect(firstValues(await planner().ask('Which teachers teach every intro course?'))).toEqual(['Mira Holt']);
    expect(firstValues(await planner().ask('Which students are enrolled in every intro course?'))).toEqual([]);
  });

  it.each([
    ['Which teachers teach more courses than Jon Reyes?', 'I can’t yet compare each of the teachers with Jon Reyes by “more courses”'],
    ['Which students were born before Omar Said?', 'I can’t yet compare each of the students with Omar Said by “before”'],
  ])('declines "%s" rather than read things joined to the named one', async (question, reason) => {
    const answer = await planner().ask(question);
    expect(answer.reading.ok).toBe(false);
    if (!answer.reading.ok) expect(answer.reading.reason).toBe(reason);
  });

  it('reads a verb the tagger does not know by its regular stem, in the voice said', async () => {
    const answer = await planner().ask('Which students are mentored by Lea Fink?');
    expect(firstValues(answer)).toEqual(['Omar Said']);
    expect(answer.cypher).toMatch(/\(n1:Student \{name: 'Lea Fink'\}\)-\[r0:MENTORS\]->\(n0:Student\)/);
  });

  it('declines a join of a kind to itself under a verb nothing read, which could run either way', async () => {
    const answer = await planner().ask('Which students are connected to Lea Fink?');
    expect(answer.reading.ok).toBe(false);
    if (!answer.reading.ok) expect(answer.reading.reason).toBe('I can’t tell which way “connected” goes between students and Lea Fink');
  });

  it('reads "in" as a preposition where the relationship named so joins nothing said ("live in Graz")', async () => {
    for (const question of ['Which students live in Graz?', 'Which students are in Graz?']) expect(firstValues(await planner().ask(question)), question).toEqual(['Lea Fink']);
  });
});
