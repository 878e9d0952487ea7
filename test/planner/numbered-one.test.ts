import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { firstValues, graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * "the cabins on deck 3": one deck, said by a number that each ship's decks repeat. Before, every
 * deck numbered 3 was read as that one deck and their cabins were listed together; now the person
 * asking is asked which deck 3 they mean, by name, and the one chosen is answered. A plural
 * ("decks 3") and a number the rest of the question narrows to one are answered as before. On an
 * invented graph.
 */
const FLEET: UpsertBatch = {
  nodes: [
    node('s:1', 'Ship', { name: 'Aurora' }),
    node('s:2', 'Ship', { name: 'Borealis' }),
    node('d:1', 'Deck', { name: 'Aurora D3', deck: 3 }),
    node('d:2', 'Deck', { name: 'Borealis D3', deck: 3 }),
    node('d:3', 'Deck', { name: 'Aurora D4', deck: 4 }),
    node('c:1', 'Cabin', { name: 'A301', berths: 2 }),
    node('c:2', 'Cabin', { name: 'A302', berths: 4 }),
    node('c:3', 'Cabin', { name: 'B301', berths: 2 }),
    node('c:4', 'Cabin', { name: 'A401', berths: 3 }),
  ],
  relationships: [
    rel('s:1', 'HAS_DECK', 'd:1'),
    rel('s:2', 'HAS_DECK', 'd:2'),
    rel('s:1', 'HAS_DECK', 'd:3'),
    rel('d:1', 'HOLDS', 'c:1'),
    rel('d:1', 'HOLDS', 'c:2'),
    rel('d:2', 'HOLDS', 'c:3'),
    rel('d:3', 'HOLDS', 'c:4'),
  ],
};

describe('one thing said by a number several things share', () => {
  const planner = plannerOnScratch('numberedone', FLEET);

  it.each(['Which cabins are on deck 3?', 'How many cabins does deck 3 hold?'])('%s asks which deck 3, by name', async (question) => {
    const answer = await planner().ask(question);
    expect(answer.reading.ok).toBe(false);
    if (answer.reading.ok) return;
    expect(answer.reading.reason).toBe('2 decks are “deck 3”: which one do you mean?');
    expect(answer.reading.choices?.map((c) => c.label)).toEqual(['Aurora D3', 'Borealis D3']);
    expect(answer.rows).toEqual([]);
  });

  it('answers for the deck chosen', async () => {
    const asked = await planner().ask('Which cabins are on deck 3?');
    const borealis = !asked.reading.ok ? asked.reading.choices?.find((c) => c.label === 'Borealis D3') : undefined;
    expect(borealis).toBeDefined();
    const answer = await planner().ask('Which cabins are on deck 3?', undefined, [borealis!.id]);
    expect(firstValues(answer)).toEqual(['B301']);
    expect(answer.text).toContain('Borealis D3');
  });

  it.each([
    ['Which cabins are on decks 3?', ['A301', 'A302', 'B301']],
    ['Which cabins are on deck 3 of the Aurora?', ['A301', 'A302']],
    ['Which cabins are on deck 4?', ['A401']],
  ])('%s is answered: plural, narrowed to one, or one deck has the number', async (question, cabins) => {
    expect(firstValues(await planner().ask(question))).toEqual(cabins);
  });

  it('a choice made for another question is not taken for this one', async () => {
    const answer = await planner().ask('Which cabins are on deck 3?', undefined, ['one:["Deck","deck 4","d:3","Aurora D4"]', 'one:not json']);
    expect(answer.reading.ok).toBe(false);
  });
});
