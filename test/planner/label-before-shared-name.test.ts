import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { firstValues, graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * "the release '3.0'", "the '3.0' release" where dozens of builds share that name: the label said right before or after a name
 * says which things it names. Before, the search returned the first few of all things so named
 * (the builds), the release among them or not, and the question ended in "Which “3.0” do you mean?".
 * On an invented graph.
 */
const builds = Array.from({ length: 30 }, (_, i) => node(`b:${i}`, 'Build', { name: '3.0', number: i }));
const RELEASES: UpsertBatch = {
  nodes: [...builds, node('r:1', 'Release', { name: '3.0' }), node('r:2', 'Release', { name: '2.9' }), node('p:1', 'Package', { name: 'lint' }), node('p:2', 'Package', { name: 'fmt' })],
  relationships: [rel('p:1', 'REQUIRES', 'r:1'), rel('p:2', 'REQUIRES', 'r:2'), ...builds.map((b) => rel(b.key, 'BUILT_FROM', 'r:1'))],
};

describe('a name many things share, said beside a label', () => {
  const planner = plannerOnScratch('labelbeforeshared', RELEASES);

  it.each(["Which packages require the release '3.0'?", "Which packages require release '3.0'?", "Which packages require the '3.0' release?"])('%s', async (question) => {
    const answer = await planner().ask(question);
    expect(firstValues(answer)).toEqual(['lint']);
  });
});
