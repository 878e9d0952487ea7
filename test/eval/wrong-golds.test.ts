import { describe, expect, it } from 'vitest';
import { wrongGolds } from '../../eval/wrong-golds.js';
import type { EvalQuestion } from '../../eval/question-set.js';

/** A "none" gold that follows a relationship the other way from the graph's is believed wrong; nothing else is. */
describe('golds believed wrong', () => {
  const graph = {
    nodes: [
      { key: 'r1', labels: ['Review'], properties: {} },
      { key: 'b1', labels: ['Shop'], properties: {} },
      { key: 'u1', labels: ['User'], properties: {} },
    ],
    relationships: [
      { fromKey: 'r1', type: 'ABOUT', toKey: 'b1' },
      { fromKey: 'u1', type: 'WROTE', toKey: 'r1' },
    ],
  };
  const q = (id: string, mode: EvalQuestion['mode'], gold: string): EvalQuestion => ({ id, question: '', kind: '', mode, gold_cypher: gold });

  it('finds reversed steps, through variables named before and in either arrow', () => {
    const found = wrongGolds(
      [
        q('a', 'none', "MATCH (s:Shop)-[:ABOUT]->(r:Review) WHERE r.text CONTAINS 'x' RETURN s"),
        q('b', 'none', 'MATCH (s:Shop {name: "A"})<-[:ABOUT]-(r:Review)-[:WROTE]->(u:User) RETURN u'),
        q('c', 'none', 'MATCH (r:Review)-[:ABOUT]->(s:Shop) MATCH (s)-[:ABOUT]->(r) RETURN s'),
        q('d', 'none', 'MATCH (r:Review)-[:ABOUT]->(s:Shop) WHERE s.city = "Nowhere" RETURN s'),
        q('e', 'values', 'MATCH (s:Shop)-[:ABOUT]->(r:Review) RETURN s'),
      ],
      graph,
    );
    expect([...found.keys()]).toEqual(['a', 'b', 'c']);
    expect(found.get('b')).toBe('(:Review)-[:WROTE]->(:User) runs the other way in the graph');
  });
});
