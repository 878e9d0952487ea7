import { buildVocabulary } from '../../src/planner/link/vocabulary.js';
import type { Vocabulary } from '../../src/planner/link/vocabulary.js';
import type { GraphStore } from '../../src/stores/graph/port.js';
import { openScratchGraph } from './scratch-graph.js';

/** A small movie graph, written through the store's own upsert, for tests that query it. */
export const PEOPLE = ['Tom Hanks', 'Meg Ryan', 'Keanu Reeves', 'Carrie-Anne Moss', 'Lana Wachowski'];

export const MOVIES = [
  { title: 'Sleepless in Seattle', released: 1993, cast: ['Tom Hanks', 'Meg Ryan'] },
  { title: "You've Got Mail", released: 1998, cast: ['Tom Hanks', 'Meg Ryan'] },
  { title: 'Cast Away', released: 2000, cast: ['Tom Hanks'] },
  { title: 'The Matrix', released: 1999, cast: ['Keanu Reeves', 'Carrie-Anne Moss'], directors: ['Lana Wachowski'] },
  { title: 'Joe Versus the Volcano', released: 1990, cast: ['Tom Hanks', 'Meg Ryan'] },
];

const key = (kind: string, name: string) => `${kind}:${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

export async function seedMovies(graph: GraphStore): Promise<void> {
  await graph.upsert(
    {
      nodes: [
        ...PEOPLE.map((name) => ({ key: key('person', name), labels: ['Person'], properties: { name } })),
        ...MOVIES.map((m) => ({ key: key('movie', m.title), labels: ['Movie'], properties: { title: m.title, released: m.released } })),
      ],
      relationships: MOVIES.flatMap((m) => [
        ...m.cast.map((p) => ({ fromKey: key('person', p), type: 'ACTED_IN', toKey: key('movie', m.title) })),
        ...(m.directors ?? []).map((p) => ({ fromKey: key('person', p), type: 'DIRECTED', toKey: key('movie', m.title) })),
      ]),
    },
    'test:movies',
  );
}

/** An embedded graph of its own holding the movie fixture, with the planner's vocabulary of it. */
export async function openMovieGraph(): Promise<{ graph: GraphStore; vocabulary: Vocabulary; close(): Promise<void> }> {
  const { graph, close } = await openScratchGraph('movies');
  await seedMovies(graph);
  return { graph, vocabulary: buildVocabulary(await graph.introspect()), close };
}
