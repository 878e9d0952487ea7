import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMovieGraph } from '../support/movies.js';
import { plannerOn } from '../support/planner.js';

/** The planner on a graph it was not written for (the movie fixture): it knows only what the schema says. */
describe('planner on the movie graph', () => {
  let movies: Awaited<ReturnType<typeof openMovieGraph>>;
  let planner: Awaited<ReturnType<typeof plannerOn>>;

  beforeAll(async () => {
    movies = await openMovieGraph();
    planner = await plannerOn(movies.graph);
  });
  afterAll(() => movies?.close());

  async function ask(question: string) {
    const answer = await planner.ask(question);
    if (!answer.reading.ok) throw new Error(`${question}: ${answer.reading.reason}`);
    const first = answer.columns[0]!;
    return { cypher: answer.cypher, kind: answer.kind, values: answer.rows.map((r) => r[first]) };
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
