import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { understand } from '../../src/planner/resolve/understand.js';
import type { GraphStore } from '../../src/stores/graph/port.js';
import { plannerOn } from '../support/planner.js';
import { openScratchGraph } from '../support/scratch-graph.js';

/**
 * Names in the graph are data, whatever they contain: the planner writes them into Cypher
 * as escaped literals, so a name that looks like Cypher is looked up, never run.
 */
const HOSTILE = [
  "O'Brien & Sons",
  'Back\\slash Works',
  'Quote"d Studio',
  'Tick`Tock Labs',
  "Evil') MATCH (n) DETACH DELETE n //",
  'Line\nBreak Inc',
  '\\u0027 Escape Co',
];

describe('planner with hostile names', () => {
  let scratch: Awaited<ReturnType<typeof openScratchGraph>>;
  let graph: GraphStore;
  let planner: Awaited<ReturnType<typeof plannerOn>>;

  beforeAll(async () => {
    scratch = await openScratchGraph('hostile', {
      nodes: [
        ...HOSTILE.map((name, i) => ({ key: `company:${i}`, labels: ['Company'], properties: { name } })),
        ...HOSTILE.map((_, i) => ({ key: `person:${i}`, labels: ['Person'], properties: { name: `Worker Number${i}` } })),
      ],
      relationships: HOSTILE.map((_, i) => ({ fromKey: `person:${i}`, type: 'WORKS_AT', toKey: `company:${i}` })),
    });
    graph = scratch.graph;
    planner = await plannerOn(graph);
  });
  afterAll(() => scratch?.close());

  it.each(HOSTILE.map((name, i) => [name, i] as const))('looks up %j as a value', async (name, i) => {
    const question = name.includes('"') ? `Who works at “${name}”?` : `Who works at "${name}"?`;
    expect(understand(question, planner.lexicon).mentions.map((m) => m.text)).toEqual([name.trim()]);
    const answer = await planner.ask(question);
    expect(answer.reading.ok, answer.reading.ok ? '' : answer.reading.reason).toBe(true);
    expect(answer.rows, answer.cypher).toEqual([{ name: `Worker Number${i}` }]);
  });

  it('the graph is untouched', async () => {
    const { rows } = await graph.runReadOnly('MATCH (n) RETURN count(n) AS n');
    expect(rows[0]).toEqual({ n: HOSTILE.length * 2 });
  });
});
