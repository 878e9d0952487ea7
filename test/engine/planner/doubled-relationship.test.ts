import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../../src/stores/graph/port.js';
import { graphNode as node, graphRel as rel, plannerOnScratch } from '../../support/planner.js';

/**
 * "the previous editions of edition '3'" where editions are joined to editions only by PREVIOUS:
 * the word "previous" placed the relationship to some edition and the join of "of" placed it again
 * from that one, so the answer was two steps away ("editions previous to an edition previous to 3"),
 * a chain the question never said. Declined now; one step said as one is still answered. On an
 * invented graph.
 */
const EDITIONS: UpsertBatch = {
  nodes: ['1', '2', '3', '4'].map((n) => node(`e:${n}`, 'Edition', { name: n })),
  relationships: [rel('e:4', 'PREVIOUS', 'e:3'), rel('e:3', 'PREVIOUS', 'e:2'), rel('e:2', 'PREVIOUS', 'e:1')],
};

describe('a relationship said once and placed twice', () => {
  const planner = plannerOnScratch('doubledrel', EDITIONS);

  it('is declined, not answered two steps away', async () => {
    const answer = await planner().ask("List the previous editions of the edition named '3'.");
    expect(answer.reading.ok).toBe(false);
    expect(answer.reading.ok ? '' : answer.reading.reason).toMatch(/how many steps of “previous”/);
  });

  it('is answered when said once as one step', async () => {
    const answer = await planner().ask("Which editions are previous to edition '3'?");
    expect(answer.cypher?.match(/PREVIOUS/g)).toHaveLength(1);
  });
});
