import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plan } from '../../../src/engine/planner/plan.js';
import { resolveMentions } from '../../../src/engine/planner/resolve.js';
import { understand } from '../../../src/engine/planner/understand.js';
import type { Vocabulary } from '../../../src/engine/planner/vocabulary.js';
import type { GraphStore } from '../../../src/stores/graph/port.js';
import { openMovieGraph } from '../../support/movies.js';

/** The planner on a graph it was not written for (the movie fixture): it knows only what the schema says. */
describe('planner on the movie graph', () => {
  let movies: Awaited<ReturnType<typeof openMovieGraph>>;
  let graph: GraphStore;
  let vocabulary: Vocabulary;

  beforeAll(async () => {
    movies = await openMovieGraph();
    ({ graph, vocabulary } = movies);
  });
  afterAll(() => movies?.close());

  async function ask(question: string) {
    const understanding = understand(question);
    const resolution = await resolveMentions(graph, understanding, vocabulary, { choices: [], focus: [] });
    if (resolution.status !== 'resolved') throw new Error(`${question}: ${resolution.status}`);
    const planned = plan(understanding, vocabulary, resolution.entities);
    if (!planned.ok) throw new Error(`${question}: ${planned.reason}`);
    const result = await graph.runReadOnly(planned.cypher);
    const first = result.columns[0]!;
    return { cypher: planned.cypher, kind: planned.description.kind, values: result.rows.map((r) => r[first]) };
  }

  const cases: [string, string, unknown[]][] = [
    ['Which movies did Tom Hanks act in?', 'list', ['Cast Away', 'Joe Versus the Volcano', 'Sleepless in Seattle', "You've Got Mail"]],
    ['How many movies did Tom Hanks act in?', 'count', [4]],
    ['Who acted in The Matrix?', 'list', ['Carrie-Anne Moss', 'Keanu Reeves']],
    ['Who directed The Matrix?', 'list', ['Lana Wachowski']],
    ['When was Cast Away released?', 'property', [2000]],
    ['Who is Meg Ryan?', 'lookup', ['Meg Ryan']],
    ['How many movies are there?', 'count', [5]],
    ['Which person acted in the most movies?', 'aggregate', ['Tom Hanks']],
    ['How is Meg Ryan connected to Cast Away?', 'path', [['Meg Ryan', expect.any(String), 'Tom Hanks', 'Cast Away']]],
    ['Which people acted with Meg Ryan?', 'list', expect.anything() as never],
  ];

  it.each(cases)('%s', async (question, kind, expected) => {
    const answer = await ask(question);
    expect(answer.kind, answer.cypher).toBe(kind);
    if (Array.isArray(expected)) expect(answer.values, answer.cypher).toEqual(expected);
  });
});
