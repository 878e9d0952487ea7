import { describe, expect, it } from 'vitest';
import { graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * "the most diverse parts", "by the variety of parts": ranked by how many different values each
 * holds (of lists, their different items: the same part in two shows counts once), where the
 * words were placed nowhere ("the graph records nothing about “diverse”"). On an invented graph of
 * players and the parts they played in shows.
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
    ],
    relationships: [
      // Ines plays the same part three times: one part. Omar two parts in one show and one in another: three.
      rel('p1', 'PLAYED_IN', 's1', { parts: ['Ferryman'] }),
      rel('p1', 'PLAYED_IN', 's2', { parts: ['Ferryman'] }),
      rel('p1', 'PLAYED_IN', 's3', { parts: ['Ferryman'] }),
      rel('p2', 'PLAYED_IN', 's1', { parts: ['Baker', 'Ghost'] }),
      rel('p2', 'PLAYED_IN', 's2', { parts: ['Mayor'] }),
      rel('p3', 'PLAYED_IN', 's2', { parts: ['Baker', 'Ghost'] }),
    ],
  });

  it('counts the different items of the lists each one holds', async () => {
    const answer = await planner().ask('Which player has the most diverse parts?');
    expect(answer.reading.ok, JSON.stringify(answer.reading).slice(0, 300)).toBe(true);
    expect(answer.rows.map((r) => [r.name, r.value]), answer.cypher).toEqual([['Omar', 3]]);
    expect(answer.text).toBe('Omar has the most different parts (3).');
  });

  it('reads "by the variety of" the same way', async () => {
    const answer = await planner().ask('List the top 2 players by the variety of parts.');
    expect(answer.rows.map((r) => [r.name, r.value]), answer.cypher).toEqual([['Omar', 3], ['Lena', 2]]);
  });

  it('counts different values of a thing joined to each', async () => {
    const answer = await planner().ask('Which player has played in shows of the most diverse genres?');
    expect(answer.reading.ok, JSON.stringify(answer.reading).slice(0, 300)).toBe(true);
    expect(answer.rows.map((r) => [r.name, r.value]).sort(), answer.cypher).toEqual([['Ines', 2], ['Omar', 2]]);
  });
});
