import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * "types of X", "kinds of X": when the graph's `Type` is joined to X, those types; when it is not,
 * the kinds of X, which the Xs answer, never the types of a third thing joined to them. Invented
 * graph: a workshop's repairs, the tools they need and the tools' types.
 */

const WORKSHOP: UpsertBatch = {
  nodes: [
    node('r:1', 'Repair', { name: 'Brake bleed' }),
    node('r:2', 'Repair', { name: 'Chain swap' }),
    node('t:1', 'Tool', { name: 'Bleed kit' }),
    node('t:2', 'Tool', { name: 'Chain breaker' }),
    node('y:1', 'Type', { name: 'Hydraulic' }),
    node('y:2', 'Type', { name: 'Hand tool' }),
  ],
  relationships: [rel('r:1', 'NEEDS', 't:1'), rel('r:2', 'NEEDS', 't:2'), rel('t:1', 'TYPE', 'y:1'), rel('t:2', 'TYPE', 'y:2')],
};

describe('"types of" a thing (workshop)', () => {
  const planner = plannerOnScratch('kindsof', WORKSHOP);
  const names = (rows: Record<string, unknown>[]) => rows.map((r) => String(r.name)).sort();

  it('reads "types of repairs" as the repairs when no type is joined to a repair', async () => {
    const answer = await planner().ask('What types of repairs are there?');
    expect(names(answer.rows), answer.cypher ?? JSON.stringify(answer.reading)).toEqual(['Brake bleed', 'Chain swap']);
  });

  it('reads "types of tools" as the types joined to tools', async () => {
    const answer = await planner().ask('What types of tools are there?');
    expect(names(answer.rows), answer.cypher ?? JSON.stringify(answer.reading)).toEqual(['Hand tool', 'Hydraulic']);
  });
});
