import { describe, expect, it } from 'vitest';
import { graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * "the most diverse genres", "by the variety of grades": ranked by how many different values the
 * things joined to each (or its relationships) hold, where the words were placed nowhere ("the
 * graph records nothing about “diverse”"). Not a value each ranked thing holds once (all would
 * tie at one), nor lists (their different items, or their different lists?). On an invented graph
 * of players, the shows they played in and the grades critics gave.
 */
describe('ranked by how many different values', () => {
  const planner = plannerOnScratch('variety ranking', {
    nodes: [
      node('p1', 'Player', { name: 'Ines' }),
      node('p2', 'Player', { name: 'Omar' }),
      node('p3', 'Player', { name: 'Lena' }),
      node('s1', 'Show', { title: 'Tide', genre: 'drama' }),
      node('s2', 'Show', { title: 'Kiln', genre: 'comedy' }),
      node('s3', 'Show', { title: 'Quay', genre: 'drama' }),
      node('s4', 'Show', { title: 'Mast', genre: 'opera' }),
    ],
    relationships: [
      // Ines: three shows of two genres; Omar: three shows of three; Lena: one.
      rel('p1', 'PLAYED_IN', 's1', { parts: ['Ferryman'], grade: 4 }),
      rel('p1', 'PLAYED_IN', 's2', { parts: ['Ferryman'], grade: 4 }),
      rel('p1', 'PLAYED_IN', 's3', { parts: ['Ferryman'], grade: 4 }),
      rel('p2', 'PLAYED_IN', 's1', { parts: ['Baker', 'Ghost'], grade: 2 }),
      rel('p2', 'PLAYED_IN', 's2', { parts: ['Mayor'], grade: 5 }),
      rel('p2', 'PLAYED_IN', 's4', { parts: ['Mayor'], grade: 3 }),
      rel('p3', 'PLAYED_IN', 's2', { parts: ['Baker', 'Ghost'], grade: 1 }),
    ],
  });

  it('counts the different values of the things joined to each', async () => {
    const answer = await planner().ask('Which player has played in shows of the most diverse genres?');
    expect(answer.reading.ok, JSON.stringify(answer.reading).slice(0, 300)).toBe(true);
    expect(answer.rows.map((r) => [r.name, r.value]), answer.cypher).toEqual([['Omar', 3]]);
    expect(answer.text).toBe('Omar has the most different genres (3).');
  });

  it('reads "by the variety of" a value of each one\'s relationships the same way', async () => {
    const answer = await planner().ask('List the top 2 players by the variety of grades in the PLAYED_IN relationship.');
    expect(answer.rows.map((r) => [r.name, r.value]), answer.cypher).toEqual([['Omar', 3], ['Ines', 1], ['Lena', 1]]);
  });

  it('ranks nothing by the different values each thing holds once, nor by lists', async () => {
    expect((await planner().ask('Which 2 shows have the most distinct genres?')).cypher).toBeUndefined();
    expect((await planner().ask('Which player has the most diverse parts?')).cypher).toBeUndefined();
  });
});
