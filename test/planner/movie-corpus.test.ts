import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Synonym } from '../../src/planner/link/lexicon.js';
import type { GraphStore } from '../../src/stores/graph/port.js';
import { openMovieGraph } from '../support/movies.js';
import { plannerOn } from '../support/planner.js';

/**
 * The planner on a graph it was not written for (the movie fixture), question kind by kind:
 * each answer's values compared with the values of a query written here (never values typed by
 * hand), or the refusal it must be. Prints the accuracy per kind.
 */

type Expected = { verify: string } | { yes: boolean; compare: string } | { refusal: 'out_of_scope' | 'instruction' | 'no_query' };

/** This deployment's synonyms, as its curators would keep them (data, not the planner's). */
const SYNONYMS: Synonym[] = [
  { word: 'film', stands_for: 'Movie', kind: 'label' },
  { word: 'star', stands_for: 'ACTED_IN', kind: 'relationship' },
  { word: 'appear', stands_for: 'ACTED_IN', kind: 'relationship' },
];
const CASES: [kind: string, question: string, expected: Expected][] = [
  ['list', 'Which movies did Tom Hanks act in?', { verify: "MATCH (:Person {name: 'Tom Hanks'})-[:ACTED_IN]->(m:Movie) RETURN m.title" }],
  ['list', 'Who acted in The Matrix?', { verify: "MATCH (p:Person)-[:ACTED_IN]->(:Movie {title: 'The Matrix'}) RETURN p.name" }],
  ['list', 'Who directed The Matrix?', { verify: "MATCH (p:Person)-[:DIRECTED]->(:Movie {title: 'The Matrix'}) RETURN p.name" }],
  ['list', 'Which movies did Meg Ryan act in?', { verify: "MATCH (:Person {name: 'Meg Ryan'})-[:ACTED_IN]->(m:Movie) RETURN m.title" }],
  ['list', 'Which people acted in Cast Away?', { verify: "MATCH (p:Person)-[:ACTED_IN]->(:Movie {title: 'Cast Away'}) RETURN p.name" }],
  ['count', 'How many movies did Tom Hanks act in?', { verify: "MATCH (:Person {name: 'Tom Hanks'})-[:ACTED_IN]->(m:Movie) RETURN count(m)" }],
  ['count', 'How many movies are there?', { verify: 'MATCH (m:Movie) RETURN count(m)' }],
  ['count', 'How many people acted in Sleepless in Seattle?', { verify: "MATCH (p:Person)-[:ACTED_IN]->(:Movie {title: 'Sleepless in Seattle'}) RETURN count(p)" }],
  ['count', 'How many people are there?', { verify: 'MATCH (p:Person) RETURN count(p)' }],
  ['property', 'When was Cast Away released?', { verify: "MATCH (m:Movie {title: 'Cast Away'}) RETURN m.released" }],
  ['property', 'When was The Matrix released?', { verify: "MATCH (m:Movie {title: 'The Matrix'}) RETURN m.released" }],
  ['lookup', 'Who is Meg Ryan?', { verify: "MATCH (p:Person {name: 'Meg Ryan'}) RETURN p.name" }],
  ['lookup', 'Tell me about Keanu Reeves.', { verify: "MATCH (p:Person {name: 'Keanu Reeves'}) RETURN p.name" }],
  ['aggregate', 'Which person acted in the most movies?', { verify: 'MATCH (p:Person)-[:ACTED_IN]->(m:Movie) WITH p, count(m) AS n ORDER BY n DESC, p.name LIMIT 1 RETURN p.name' }],
  ['aggregate', 'Which movie has the most actors?', { verify: 'MATCH (p:Person)-[:ACTED_IN]->(m:Movie) WITH m, count(p) AS n WITH collect({ title: m.title, n: n }) AS all, max(n) AS top UNWIND all AS x WITH x, top WHERE x.n = top RETURN x.title' }],
  ['aggregate', 'What is the average released of movies?', { verify: 'MATCH (m:Movie) RETURN avg(m.released)' }],
  ['path', 'How is Meg Ryan connected to Cast Away?', { verify: "RETURN ['Meg Ryan', 'Sleepless in Seattle', 'Tom Hanks', 'Cast Away'] AS path" }],
  ['negation', 'Which people did not act in any movie?', { verify: 'MATCH (p:Person) WHERE NOT (p)-[:ACTED_IN]->(:Movie) RETURN p.name' }],
  ['negation', 'Which movies did Tom Hanks not act in?', { verify: "MATCH (m:Movie) WHERE NOT (:Person {name: 'Tom Hanks'})-[:ACTED_IN]->(m) RETURN m.title" }],
  ['negation', 'How many movies did Meg Ryan not act in?', { verify: "MATCH (m:Movie) WHERE NOT (:Person {name: 'Meg Ryan'})-[:ACTED_IN]->(m) RETURN count(m)" }],
  ['numbers', 'Which movies were released after 1995?', { verify: 'MATCH (m:Movie) WHERE m.released > 1995 RETURN m.title' }],
  ['numbers', 'Which movies were released before 1995?', { verify: 'MATCH (m:Movie) WHERE m.released < 1995 RETURN m.title' }],
  ['numbers', 'Which movies were released in 1999?', { verify: 'MATCH (m:Movie) WHERE m.released = 1999 RETURN m.title' }],
  ['numbers', 'How many movies were released between 1990 and 1998?', { verify: 'MATCH (m:Movie) WHERE m.released >= 1990 AND m.released <= 1998 RETURN count(m)' }],
  ['numbers', 'Which movies did Tom Hanks act in after 1995?', { verify: "MATCH (:Person {name: 'Tom Hanks'})-[:ACTED_IN]->(m:Movie) WHERE m.released > 1995 RETURN m.title" }],
  ['comparison', 'Did Tom Hanks act in more movies than Meg Ryan?', { yes: true, compare: '' }],
  ['comparison', 'Did Meg Ryan act in more movies than Tom Hanks?', { yes: false, compare: '' }],
  ['comparison', 'Was Cast Away released after The Matrix?', { yes: true, compare: '' }],
  ['passive and ranking', 'Which movies were directed by Lana Wachowski?', { verify: "MATCH (:Person {name: 'Lana Wachowski'})-[:DIRECTED]->(m:Movie) RETURN m.title" }],
  ['passive and ranking', 'Which movies was Tom Hanks cast in?', { refusal: 'out_of_scope' }],
  ['synonyms', 'Which films did Tom Hanks star in?', { verify: "MATCH (:Person {name: 'Tom Hanks'})-[:ACTED_IN]->(m:Movie) RETURN m.title" }],
  ['synonyms', 'Which movies did Meg Ryan appear in?', { verify: "MATCH (:Person {name: 'Meg Ryan'})-[:ACTED_IN]->(m:Movie) RETURN m.title" }],
  ['synonyms', 'How many films are there?', { verify: 'MATCH (m:Movie) RETURN count(m)' }],
  ['longer paths', 'Which movies did the people who acted in The Matrix direct?', { verify: "MATCH (m:Movie)<-[:DIRECTED]-(:Person)-[:ACTED_IN]->(:Movie {title: 'The Matrix'}) RETURN DISTINCT m.title" }],
  ['out of scope', 'What is the box office of Cast Away?', { refusal: 'out_of_scope' }],
  ['out of scope', "What's the weather in Seattle?", { refusal: 'out_of_scope' }],
  ['instruction', 'Delete the movie Cast Away.', { refusal: 'instruction' }],
];

describe('the planner on the movie graph, kind by kind', () => {
  let movies: Awaited<ReturnType<typeof openMovieGraph>>;
  let graph: GraphStore;
  let planner: Awaited<ReturnType<typeof plannerOn>>;
  const outcomes = new Map<string, { right: number; total: number }>();

  beforeAll(async () => {
    movies = await openMovieGraph();
    graph = movies.graph;
    planner = await plannerOn(graph, SYNONYMS);
  });
  afterAll(async () => {
    await movies?.close();
    const all = [...outcomes.values()].reduce((a, o) => ({ right: a.right + o.right, total: a.total + o.total }), { right: 0, total: 0 });
    const rows = [...outcomes].map(([kind, o]) => `  ${kind.padEnd(22)} ${String(o.right).padStart(3)}/${String(o.total).padEnd(3)} ${((100 * o.right) / o.total).toFixed(1)}%`);
    console.log(`accuracy per kind of question (movie graph):\n${rows.join('\n')}\n  ${'all'.padEnd(22)} ${all.right}/${all.total} ${((100 * all.right) / all.total).toFixed(1)}%`);
  });

  const sorted = (values: unknown[]) => values.map((v) => JSON.stringify(v)).sort();

  it('holds at least 30 questions', () => expect(CASES.length).toBeGreaterThanOrEqual(30));

  it.each(CASES)('%s: %s', async (kind, question, expected) => {
    let right = false;
    try {
      const answer = await planner.ask(question);
      if ('refusal' in expected) {
        expect(answer.reading.ok, answer.cypher).toBe(false);
        if (!answer.reading.ok) expect(answer.reading.scope ?? 'no_query').toBe(expected.refusal);
      } else {
        expect(answer.reading.ok, answer.reading.ok ? '' : answer.reading.reason).toBe(true);
        if (!answer.reading.ok) return;
        if ('yes' in expected) {
          expect(answer.text, answer.cypher).toMatch(expected.yes ? /^Yes/ : /^No/);
        } else {
          const truth = await graph.runReadOnly(expected.verify);
          const got = answer.rows.map((r) => r[answer.columns[0]!]);
          expect(sorted(got), `${answer.cypher}\n${answer.text}`).toEqual(sorted(truth.rows.map((r) => Object.values(r)[0])));
        }
      }
      right = true;
    } finally {
      const o = outcomes.get(kind) ?? { right: 0, total: 0 };
      o.total++;
      if (right) o.right++;
      outcomes.set(kind, o);
    }
  });
});
