import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * The highest or lowest value itself ("What is the highest score of films?", "the lowest score of
 * any film") against the things that have it ("What are the films with the highest score?"), and
 * things ranked by a value of their relationships listed once each, by their best. Invented
 * graph: critics review films with a score.
 */

const FILMS: UpsertBatch = {
  nodes: [
    node('c:1', 'Critic', { name: 'Ida Berg' }),
    node('c:2', 'Critic', { name: 'Olu Ade' }),
    node('f:1', 'Film', { title: 'Red Cliff', length: 140 }),
    node('f:2', 'Film', { title: 'Salt Sea', length: 95 }),
    node('f:3', 'Film', { title: 'Tin Moon', length: 140 }),
  ],
  relationships: [
    rel('c:1', 'REVIEWED', 'f:1', { score: 90 }),
    rel('c:2', 'REVIEWED', 'f:1', { score: 60 }),
    rel('c:1', 'REVIEWED', 'f:2', { score: 80 }),
    rel('c:1', 'REVIEWED', 'f:3', { score: 70 }),
    rel('c:2', 'REVIEWED', 'f:3', { score: 75 }),
  ],
};

describe('extreme values and the things that have them (films)', () => {
  const planner = plannerOnScratch('extremevalues', FILMS);

  it('lists the things said before the superlative, each once by its best score', async () => {
    const answer = await planner().ask('What are the films with the highest score?');
    expect(answer.rows, answer.cypher ?? JSON.stringify(answer.reading)).toEqual([
      { name: 'Red Cliff', score: 90 },
      { name: 'Salt Sea', score: 80 },
      { name: 'Tin Moon', score: 75 },
    ]);
  });

  it('answers the value when the things come after it', async () => {
    const answer = await planner().ask('What is the highest score of films?');
    expect(answer.rows, answer.cypher ?? JSON.stringify(answer.reading)).toEqual([{ value: 90 }]);
  });

  it('answers the value taken over "any" of the things', async () => {
    const answer = await planner().ask('Show the lowest score of any film reviewed by Olu Ade.');
    expect(answer.rows, answer.cypher ?? JSON.stringify(answer.reading)).toEqual([{ value: 60 }]);
  });

  it('lists the things picked by the extreme of their own value, every one that shares it', async () => {
    const longest = await planner().ask('Which films have the maximum length?');
    expect(longest.rows, longest.cypher ?? JSON.stringify(longest.reading)).toEqual([
      { name: 'Red Cliff', length: 140 },
      { name: 'Tin Moon', length: 140 },
    ]);
    const shortest = await planner().ask('What are the films where the length is the minimum?');
    expect(shortest.rows, shortest.cypher ?? JSON.stringify(shortest.reading)).toEqual([{ name: 'Salt Sea', length: 95 }]);
    expect((await planner().ask('What is the minimum length of films?')).rows).toEqual([{ value: 95 }]);
  });
});
