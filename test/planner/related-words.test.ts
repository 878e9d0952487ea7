import { afterAll, describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { firstValues, graphNode, plannerOn, plannerOnScratch } from '../support/planner.js';
import { openScratchGraph } from '../support/scratch-graph.js';

/**
 * Words the schema does not use, linked through WordNet and paid for in confidence: a synonym
 * ("films"), a broader word ("vessels"), a verb's synonym ("oversees"), a noun made from a verb
 * ("suppliers"). A kind of a thing the graph does not tell apart ("cargo ships") is offered to
 * confirm, never run as if it were all of them; a word related to two names stands for neither; an
 * instruction stays one. Each on two small invented graphs.
 */
const node = graphNode;

const STUDIO: UpsertBatch = {
  nodes: [
    node('m:1', 'Movie', { title: 'Long Road', released: 1999 }),
    node('m:2', 'Movie', { title: 'Night Train', released: 2004 }),
    node('p:1', 'Person', { name: 'Ann Lee' }),
    node('p:2', 'Person', { name: 'Bo Park' }),
  ],
  relationships: [
    { fromKey: 'p:1', type: 'DIRECTED', toKey: 'm:1' },
    { fromKey: 'p:1', type: 'DIRECTED', toKey: 'm:2' },
    { fromKey: 'p:2', type: 'SUPERVISES', toKey: 'p:1' },
  ],
};

const HARBOUR: UpsertBatch = {
  nodes: [
    node('s:1', 'Ship', { name: 'Sea Wolf' }),
    node('s:2', 'Ship', { name: 'Blue Heron' }),
    node('c:1', 'Company', { name: 'Nordkap Fisk' }),
    node('g:1', 'Good', { name: 'Smoked Cod' }),
  ],
  relationships: [
    { fromKey: 'c:1', type: 'SUPPLIES', toKey: 'g:1' },
    { fromKey: 's:1', type: 'CARRIES', toKey: 'g:1' },
  ],
};

type Case = [string, { values?: unknown[]; confirm?: RegExp; refused?: RegExp }];
const cases: [string, UpsertBatch, Case[]][] = [
  [
    'studio',
    STUDIO,
    [
      ['How many films are there?', { values: [2] }],
      ['Which films did Ann Lee direct?', { values: ['Long Road', 'Night Train'] }],
      ['Who oversees Ann Lee?', { values: ['Bo Park'] }],
      ['Add a film called Dawn.', { refused: /can’t change it/ }],
    ],
  ],
  [
    'harbour',
    HARBOUR,
    [
      ['List the vessels.', { values: ['Blue Heron', 'Sea Wolf'] }],
      ['Which suppliers supply Smoked Cod?', { values: ['Nordkap Fisk'] }],
      ['Which vessels carry Smoked Cod?', { values: ['Sea Wolf'] }],
      ['How many cargo ships are there?', { confirm: /read “cargo ships” as any Ship/ }],
    ],
  ],
];

describe.each(cases)('words through WordNet (%s)', (name, batch, questions) => {
  const planner = plannerOnScratch(`related${name}`, batch);

  it.each(questions)('%s', async (question, expected) => {
    const answer = await planner().ask(question);
    if (expected.values) {
      expect(answer.cypher, answer.resolution ?? JSON.stringify(answer.reading)).toBeDefined();
      expect(firstValues(answer), answer.cypher).toEqual(expected.values);
      // A guess is said to curators: the word is mapped as a guessed synonym, and the confidence is below a sure reading's.
      if (answer.reading.ok) expect(answer.reading.confidence).toBeLessThan(0.95);
      if (answer.reading.ok) expect(answer.reading.mappings.some((m) => m.guessed && m.kind === 'synonym')).toBe(true);
    } else if (expected.confirm) {
      expect(answer.reading.ok).toBe(false);
      if (!answer.reading.ok) {
        expect(answer.reading.reason).toMatch(expected.confirm);
        expect(answer.reading.choices).toHaveLength(1);
      }
    } else {
      expect(answer.reading.ok).toBe(false);
      if (!answer.reading.ok) expect(answer.reading.reason).toMatch(expected.refused!);
    }
  });
});

describe('a word WordNet relates to two names stands for neither', () => {
  let scratch: Awaited<ReturnType<typeof openScratchGraph>>;
  afterAll(() => scratch?.close());
  it('“vessels” for a graph of ships and boats', async () => {
    scratch = await openScratchGraph('relatedtwo', { nodes: [node('s:1', 'Ship', { name: 'Sea Wolf' }), node('b:1', 'Boat', { name: 'Little Tern' })], relationships: [] });
    const planner = await plannerOn(scratch.graph);
    const ship = planner.lexicon.labels.find((l) => l.label === 'Ship')!;
    expect(ship.related?.map((r) => r.words.join(' '))).not.toContain('vessel');
    expect((await planner.ask('List the vessels.')).reading.ok).toBe(false);
  });
});
