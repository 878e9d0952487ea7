import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPersonLabel, pronounFits } from '../../src/planner/read/pronouns.js';
import type { Lexicon } from '../../src/planner/link/lexicon.js';
import { SchemaCache } from '../../src/planner/link/schema-cache.js';
import { resolveMentions } from '../../src/planner/resolve/resolve.js';
import type { Candidate } from '../../src/planner/resolve/mention-search.js';
import { understand } from '../../src/planner/resolve/understand.js';
import type { Vocabulary } from '../../src/planner/link/vocabulary.js';
import type { GraphStore } from '../../src/stores/graph/port.js';
import { openMovieGraph } from '../support/movies.js';

describe('pronouns agree with what they stand for', () => {
  it('tells people from other things by the label’s words or by properties only people have', () => {
    expect(isPersonLabel('Person')).toBe(true);
    expect(isPersonLabel('ResearchStudent')).toBe(true);
    expect(isPersonLabel('Contributor', ['name', 'born'])).toBe(true);
    expect(isPersonLabel('City', ['name', 'population'])).toBe(false);
    expect(pronounFits('she', 'Person')).toBe(true);
    expect(pronounFits('she', 'City')).toBe(false);
    expect(pronounFits('it', 'City')).toBe(true);
    expect(pronounFits('it', 'Person')).toBe(false);
    expect(pronounFits('they', 'Company')).toBe(true);
  });

  describe('in a conversation on the movie graph', () => {
    let movies: Awaited<ReturnType<typeof openMovieGraph>>;
    let graph: GraphStore;
    let vocabulary: Vocabulary;
    let lexicon: Lexicon;
    beforeAll(async () => {
      movies = await openMovieGraph();
      ({ graph, vocabulary } = movies);
      ({ lexicon } = await new SchemaCache({ graph, ttlMs: 0 }).get());
    });
    afterAll(() => movies?.close());

    // Last talked about: a movie first (the single thing an answer found), then the person asked about.
    const movie: Candidate = { id: '', label: 'Movie', name: 'Cast Away', nameProperty: 'title', properties: {} };
    const person: Candidate = { id: '', label: 'Person', name: 'Tom Hanks', nameProperty: 'name', properties: {} };

    it.each([
      ['Which movies did he act in?', 'Tom Hanks'],
      ['When was it released?', 'Cast Away'],
      ['Who directed it?', 'Cast Away'],
    ])('%s → %s', async (question, expected) => {
      const resolution = await resolveMentions(graph, understand(question, lexicon), vocabulary, { choices: [], focus: [movie, person] });
      expect(resolution.status).toBe('resolved');
      if (resolution.status === 'resolved') expect(resolution.entities.map((e) => e.name)).toEqual([expected]);
    });

    it('says so when nothing talked about can be what the pronoun stands for', async () => {
      const resolution = await resolveMentions(graph, understand('Which movies did she act in?', lexicon), vocabulary, { choices: [], focus: [movie] });
      expect(resolution).toMatchObject({ status: 'unknown', mentions: ['she'] });
    });
  });
});
