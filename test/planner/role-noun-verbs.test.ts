import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { firstValues, graphNode, graphRel, plannerOnScratch } from '../support/planner.js';

/**
 * A relationship named by a noun of who holds a role (`MANAGER`, `OWNER`, as a column of names
 * becomes) is also said with the verb of what that one does ("Who manages Quay Road?"), its
 * subject at the end the noun names; before, the verb linked to nothing and the question asked
 * which of the ways the two are joined was meant. WordNet gives the verb (manager → manage). Each
 * on two small invented graphs.
 */
const node = graphNode;
const rel = graphRel;

const SHOPS: UpsertBatch = {
  nodes: [
    node('s:1', 'Shop', { name: 'Quay Road' }),
    node('s:2', 'Shop', { name: 'Fjord Lane' }),
    node('k:1', 'Clerk', { name: 'Mira Holt' }),
    node('k:2', 'Clerk', { name: 'Per Aas' }),
    node('k:3', 'Clerk', { name: 'Ola Vik' }),
  ],
  relationships: [
    rel('s:1', 'MANAGER', 'k:1'),
    rel('s:2', 'MANAGER', 'k:2'),
    rel('s:2', 'OWNER', 'k:3'),
    rel('k:1', 'WORKS_AT', 's:1'),
    rel('k:3', 'WORKS_AT', 's:1'),
    rel('k:2', 'WORKS_AT', 's:2'),
  ],
};

const VINEYARDS: UpsertBatch = {
  nodes: [
    node('v:1', 'Vineyard', { name: 'Lark Slope' }),
    node('v:2', 'Vineyard', { name: 'Birch Terrace' }),
    node('g:1', 'Grower', { name: 'Ines Varga' }),
    node('g:2', 'Grower', { name: 'Tor Lunde' }),
    node('b:1', 'Buyer', { name: 'Brask & Co' }),
  ],
  relationships: [
    rel('v:1', 'HAS_KEEPER', 'g:1'),
    rel('v:2', 'HAS_KEEPER', 'g:2'),
    rel('v:1', 'SUPPLIER', 'g:2'),
    rel('g:1', 'SELLS_TO', 'b:1'),
    rel('g:2', 'SELLS_TO', 'b:1'),
  ],
};

const cases: [string, UpsertBatch, [string, string[]][]][] = [
  [
    'shops',
    SHOPS,
    [
      ['Who manages Quay Road?', ['Mira Holt']],
      ['Which shop does Per Aas manage?', ['Fjord Lane']],
      ['Which shops are managed by Mira Holt?', ['Quay Road']],
      ['Who manages the shop where Ola Vik works?', ['Mira Holt']],
      ['What does Ola Vik own?', ['Fjord Lane']],
      ['Who owns Fjord Lane?', ['Ola Vik']],
    ],
  ],
  [
    'vineyards',
    VINEYARDS,
    [
      ['Who keeps Lark Slope?', ['Ines Varga']],
      ['Which vineyard does Tor Lunde keep?', ['Birch Terrace']],
      ['Who supplies Lark Slope?', ['Tor Lunde']],
      ['Which vineyards are supplied by Tor Lunde?', ['Lark Slope']],
    ],
  ],
];

describe.each(cases)('the verb of a role noun (%s)', (name, batch, questions) => {
  const planner = plannerOnScratch(`rolenoun${name}`, batch);

  it.each(questions)('%s', async (question, expected) => {
    const answer = await planner().ask(question);
    expect(answer.cypher, answer.resolution ?? JSON.stringify(answer.reading)).toBeDefined();
    expect(firstValues(answer).map(String), answer.cypher).toEqual(expected);
  });
});

/** The answer says a relationship named by nouns with "has as" (a verb phrase of the noun would not be English). */
const sentences: [string, UpsertBatch, [string, string][]][] = [
  [
    'shops',
    SHOPS,
    [
      ['Which shop does Per Aas manage?', '1 shop has as manager Per Aas: Fjord Lane.'],
      ['Which clerks do not manage a shop?', '1 clerk that no shop has as manager: Ola Vik.'],
    ],
  ],
  ['vineyards', VINEYARDS, [['Who supplies Lark Slope?', 'Lark Slope has as supplier 1 grower: Tor Lunde.']]],
];

describe.each(sentences)('the sentence of a role noun (%s)', (name, batch, questions) => {
  const planner = plannerOnScratch(`rolenounsentence${name}`, batch);

  it.each(questions)('%s', async (question, expected) => {
    expect((await planner().ask(question)).text).toBe(expected);
  });
});
