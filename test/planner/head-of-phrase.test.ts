import { describe, expect, it } from 'vitest';
import { firstValues, graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * "Which releases of packages are needed by …": the subject of "are needed" is the releases, the
 * head of "releases of packages", not the packages said last before the verb (those are whose
 * releases they are). Only after a form of "be": "the owners of shops needed by …" hangs the
 * participle on the shops. On an invented graph of packages and their releases.
 */
describe('the head of "X of Y" before "be" and a verb', () => {
  const planner = plannerOnScratch('head of phrase', {
    nodes: [
      node('p1', 'Package', { name: 'lint' }),
      node('p2', 'Package', { name: 'fmt' }),
      node('p3', 'Package', { name: 'test' }),
      node('r1', 'Release', { name: 'lint-1.0' }),
      node('r2', 'Release', { name: 'lint-2.0' }),
      node('r3', 'Release', { name: 'fmt-1.0' }),
    ],
    relationships: [
      rel('p1', 'RELEASE', 'r1'),
      rel('p1', 'RELEASE', 'r2'),
      rel('p2', 'RELEASE', 'r3'),
      // lint-2.0 is needed by two packages, fmt-1.0 by one; the package lint is needed by two.
      rel('p2', 'NEEDS', 'r2'),
      rel('p3', 'NEEDS', 'r2'),
      rel('p3', 'NEEDS', 'r3'),
      rel('p2', 'NEEDS', 'p1'),
      rel('p3', 'NEEDS', 'p1'),
    ],
  });

  it('joins the verb to the head', async () => {
    const answer = await planner().ask('Which releases of packages are needed by more than one other package?');
    expect(answer.reading.ok, JSON.stringify(answer.reading).slice(0, 300)).toBe(true);
    expect(firstValues(answer), answer.cypher).toEqual(['lint-2.0']);
  });

  it('keeps the nearest thing for a participle without "be"', async () => {
    const answer = await planner().ask('Which releases of packages needed by fmt are there?');
    expect(firstValues(answer), answer.cypher).toEqual(['lint-1.0', 'lint-2.0']);
  });
});
