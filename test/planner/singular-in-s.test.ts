import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * A label whose singular ends in "s" ("process", "business", "address") asked in the singular
 * ("Which process …") asks for the one, not for a plural ranking of the first ten. Invented graph:
 * a host's processes and the ports they open.
 */

const HOST: UpsertBatch = {
  nodes: [
    node('p:1', 'Process', { name: 'nginx' }),
    node('p:2', 'Process', { name: 'sshd' }),
    node('p:3', 'Process', { name: 'cron' }),
    node('o:1', 'Port', { name: '80' }),
    node('o:2', 'Port', { name: '443' }),
    node('o:3', 'Port', { name: '22' }),
  ],
  relationships: [rel('p:1', 'OPENS', 'o:1'), rel('p:1', 'OPENS', 'o:2'), rel('p:2', 'OPENS', 'o:3')],
};

describe('a singular label ending in "s" (host)', () => {
  const planner = plannerOnScratch('singularins', HOST);

  it('answers "Which process …the most" with the one', async () => {
    const answer = await planner().ask('Which process opens the most ports?');
    expect(answer.rows.map((r) => r.name), answer.cypher ?? JSON.stringify(answer.reading)).toEqual(['nginx']);
    expect(answer.text).toBe('nginx has the most ports (2).');
  });

  it('still ranks several for "Which processes …the most"', async () => {
    const answer = await planner().ask('Which processes open the most ports?');
    expect(answer.rows.map((r) => r.name), answer.cypher ?? JSON.stringify(answer.reading)).toEqual(['nginx', 'sshd']);
  });
});
