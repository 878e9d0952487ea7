import { describe, expect, it } from 'vitest';
import { wrongGolds } from '../../eval/wrong-golds.js';
import type { EvalQuestion } from '../../eval/question-set.js';
import type { UpsertBatch } from '../../src/stores/graph/port.js';

/**
 * A "none" gold that follows a relationship the other way from the graph's, or one the graph never
 * has between those labels, or one looking for a quoted number under the wrong key, is believed wrong; so is a gold whose rows are all null because it
 * returns a property no node of its label has, and a descending "top" gold ranking first things
 * without the value (a property, or a column it computes). Nothing else is.
 */
describe('golds believed wrong', () => {
  const graph: UpsertBatch = {
    nodes: [
      { key: 'r1', labels: ['Review'], properties: { text: 'fine' } },
      { key: 'b1', labels: ['Shop'], properties: { name: 'A', city: 'Oslo', number: 12 } },
      { key: 'u1', labels: ['User'], properties: { handle: 'ada' } },
    ],
    relationships: [
      { fromKey: 'r1', type: 'ABOUT', toKey: 'b1' },
      { fromKey: 'u1', type: 'WROTE', toKey: 'r1' },
    ],
  };
  const q = (id: string, mode: EvalQuestion['mode'], gold: string): EvalQuestion => ({ id, question: '', kind: '', mode, gold_cypher: gold });

  it('finds a none gold looking for a number, quoted, under a key its things hold it under another', () => {
    const found = wrongGolds(
      [
        q('a', 'none', "MATCH (s:Shop {name: '12'}) RETURN s"),
        // A text simply not among a key's values is a fair "none", even if another key holds it.
        q('b', 'none', "MATCH (s:Shop {city: 'A'}) RETURN s"),
        q('c', 'none', "MATCH (s:Shop {city: 'Oslo'})<-[:ABOUT]-(r:Review) WHERE r.text = 'x' RETURN r"),
      ],
      graph,
    );
    expect([...found.entries()]).toEqual([['a', "(:Shop {name: '12'}) matches nothing: 12 is the number of a Shop, not its name"]]);
  });

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

  it('finds steps the graph never has either way, and golds returning only a property their label never has', () => {
    const found = wrongGolds(
      [
        q('f', 'none', 'MATCH (u:User)-[:ABOUT]->(s:Shop) RETURN s'),
        { ...q('g', 'values', 'MATCH (u:User) RETURN u.name AS name'), gold_rows_sample: [{ name: null }] } as EvalQuestion,
        { ...q('h', 'values', 'MATCH (s:Shop) RETURN s.name AS name'), gold_rows_sample: [{ name: null }] } as EvalQuestion,
        { ...q('i', 'values', 'MATCH (u:User) RETURN u.name AS name'), gold_rows_sample: [{ name: 'ada' }] } as EvalQuestion,
        q('j', 'none', 'MATCH (u:User)-[:WROTE]->(r:Review) WHERE r.text = "bad" RETURN u'),
      ],
      graph,
    );
    expect([...found.keys()]).toEqual(['f', 'g']);
    expect(found.get('f')).toBe('(:User)-[:ABOUT]-(:Shop) is never in the graph, either way');
    expect(found.get('g')).toBe('returns User.name, which no User has: every row is null');
  });

  it('finds descending "top" golds that rank things without the value first', () => {
    const shop = (name: string, rank?: number) => ({ s: { labels: ['Shop'], properties: { name, ...(rank === undefined ? {} : { rank }) } } });
    const found = wrongGolds(
      [
        { ...q('k', 'top', 'MATCH (s:Shop) RETURN s ORDER BY s.rank DESC LIMIT 2'), order_by: 's.rank', gold_rows_sample: [shop('A'), shop('B', 3)] } as EvalQuestion,
        { ...q('l', 'top', 'MATCH (s:Shop) RETURN s ORDER BY s.rank DESC LIMIT 2'), order_by: 's.rank', gold_rows_sample: [shop('B', 3), shop('C', 2)] } as EvalQuestion,
        { ...q('m', 'top', 'MATCH (s:Shop) RETURN s ORDER BY s.rank LIMIT 2'), order_by: 's.rank', gold_rows_sample: [shop('C', 2), shop('A')] } as EvalQuestion,
      ],
      graph,
    );
    expect([...found.keys()]).toEqual(['k']);
    expect(found.get('k')).toBe('ranks by s.rank descending: Neo4j puts things with no rank first');
  });

  it('finds descending "top" golds whose first row has no value of the column they compute and rank by', () => {
    const gold = 'MATCH (s:Shop) RETURN s, s.closed - s.opened AS Span ORDER BY Span DESC LIMIT 2';
    const row = (name: string, span: number | null) => ({ s: { labels: ['Shop'], properties: { name } }, Span: span });
    const found = wrongGolds(
      [
        { ...q('q', 'top', gold), order_by: 'Span', gold_rows_sample: [row('A', null), row('B', 3)] } as EvalQuestion,
        { ...q('r', 'top', gold), order_by: 'Span', gold_rows_sample: [row('B', 3), row('A', null)] } as EvalQuestion,
        { ...q('s', 'top', gold.replace(' DESC', '')), order_by: 'Span', gold_rows_sample: [row('A', null), row('B', 3)] } as EvalQuestion,
      ],
      graph,
    );
    expect([...found.entries()]).toEqual([['q', 'ranks by Span descending: Neo4j puts rows with no Span first']]);
  });

  it('finds a none gold with one end unlabelled leaving a label the type only enters, but not through an OPTIONAL MATCH', () => {
    const found = wrongGolds(
      [
        q('n', 'none', 'MATCH (s:Shop)-[:ABOUT]->() WHERE s.city = "Oslo" RETURN s'),
        q('o', 'none', 'MATCH ()-[:ABOUT]->(s:Shop) WHERE s.city = "Nowhere" RETURN s'),
        q('p', 'none', 'MATCH (s:Shop {city: "Nowhere"}) OPTIONAL MATCH (s)-[:ABOUT]->(x) RETURN s, x'),
      ],
      graph,
    );
    expect([...found.entries()]).toEqual([['n', '(:Shop)-[:ABOUT]->() runs the other way in the graph']]);
  });

  it('finds a gold graded on a kind of thing the question never names while it opens by asking for another', () => {
    const g = (id: string, question: string, gold: string, key: string): EvalQuestion => ({ ...q(id, 'values', gold), question, key_columns: [key] }) as EvalQuestion;
    const gold = 'MATCH (u:User)-[:WROTE]->(r:Review)-[:ABOUT]->(s:Shop) RETURN u, r, s';
    const found = wrongGolds(
      [
        g('q', 'Find all reviews that mention cake.', gold, 'u'),
        g('r', 'Show the first 2 reviews about cake.', 'MATCH (u:User)-[:WROTE]->(r:Review) RETURN u.handle AS Writer, r.text LIMIT 2', 'Writer'),
        // Named, asked with "who", or not opened with the other kind: graded as asked.
        g('s', 'Find all reviews and the users who wrote them.', gold, 'u'),
        g('t', 'Find all reviews and who wrote them.', gold, 'u'),
        g('u', 'Find all critics of shops.', gold, 'u'),
        g('v', 'What do the reviews say?', gold, 'u'),
      ],
      graph,
    );
    expect([...found.entries()]).toEqual([
      ['q', 'grades the User (its first column) where the question asks for reviews, and never names a User'],
      ['r', 'grades the User (its first column) where the question asks for reviews, and never names a User'],
    ]);
  });
});
