import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../support/app.js';
import { startTestApp } from '../../support/app.js';
import type { TemplateName } from './matcher-cases.js';
import { seedMovies } from '../../support/movies.js';
import { auth } from '../../support/runs.js';
import { MATCH_CASES, MOVIE_SYNONYMS, TEMPLATE_SOURCES } from './matcher-cases.js';

/**
 * The matcher as the conversation uses it: templates recorded and approved through the
 * services (literals become parameters, questions become patterns), questions matched
 * through the index, on PGlite (or PostgreSQL with DATABASE_URL), with the movie deployment's
 * synonyms added by a curator through HTTP.
 */
describe('template matching through the store', () => {
  let t: TestApp;
  const ids = new Map<TemplateName, number>();

  beforeAll(async () => {
    t = await startTestApp({ env: { DEMO_DATA: 'false' } });
    await seedMovies(t.app.deps.graph);
    const curator = auth(await t.token(['curator']));
    for (const synonym of MOVIE_SYNONYMS) {
      const added = await t.app.inject({ method: 'POST', url: '/api/v1/aim/synonyms', headers: curator, payload: { word: synonym.word, stands_for: synonym.stands_for } });
      if (added.statusCode !== 201) throw new Error(added.body);
    }
    for (const [name, source] of Object.entries(TEMPLATE_SOURCES) as [TemplateName, (typeof TEMPLATE_SOURCES)[TemplateName]][]) {
      const recorded = await t.app.services.templates.record({ question: source.question, cypher: source.cypher, createdBy: 'curator' });
      if (recorded.outcome !== 'queued') throw new Error(`${name} was ${recorded.outcome}`);
      const approved = await t.app.services.queries.approve(recorded.query.id, 'curator');
      ids.set(name, approved.id);
    }
  });
  afterAll(() => t.close());

  it('has at least 30 cases', () => {
    expect(MATCH_CASES.length).toBeGreaterThanOrEqual(30);
  });

  it.each(MATCH_CASES)('%s ← %j', async (name, question, values) => {
    const result = await t.app.services.templates.match(question);
    if (values === null) {
      // Only sharing words with this template: it must not be the answer (another template may be).
      if (result.matched) expect(result.template_id, result.reason).not.toBe(ids.get(name));
      else expect(result.reason).toEqual(expect.any(String));
      return;
    }
    expect(result, JSON.stringify(result)).toMatchObject({ matched: true, template_id: ids.get(name) });
    if (!result.matched) return;
    for (const [slot, value] of Object.entries(values)) expect(String(result.parameters[slot])).toBe(value);
  });

  it('re-keys the templates when a synonym goes or comes back', async () => {
    const curator = auth(await t.token(['curator']));
    // A template asked with the synonym itself: its pattern holds the concept while the synonym stands.
    const recorded = await t.app.services.templates.record({
      question: 'How many films were released in 1999?',
      cypher: 'MATCH (m:Movie) WHERE m.released = 1999 RETURN count(m) AS films',
      createdBy: 'curator',
    });
    if (recorded.outcome !== 'queued') throw new Error(recorded.outcome);
    const counted = (await t.app.services.queries.approve(recorded.query.id, 'curator')).id;
    expect(await t.app.services.templates.match('How many movies were released in 2000?')).toMatchObject({ matched: true, template_id: counted });

    const listed = (await t.app.inject({ method: 'GET', url: '/api/v1/aim/synonyms?limit=100', headers: curator })).json().items as { synonym_id: string; word: string }[];
    const film = listed.find((s) => s.word === 'film')!;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/aim/synonyms/${film.synonym_id}`, headers: curator })).statusCode).toBe(204);
    // Re-keyed: the films template asks for films again, and a movie is no film.
    expect(await t.app.services.templates.match('How many films were released in 2000?')).toMatchObject({ matched: true, template_id: counted, parameters: { released: 2000 } });
    expect(await t.app.services.templates.match('How many movies were released in 2000?')).toMatchObject({ matched: false });
    expect(await t.app.services.templates.match('Which films did Meg Ryan act in?')).toMatchObject({ matched: false });

    expect((await t.app.inject({ method: 'POST', url: '/api/v1/aim/synonyms', headers: curator, payload: { word: 'film', stands_for: 'Movie' } })).statusCode).toBe(201);
    expect(await t.app.services.templates.match('Which films did Meg Ryan act in?')).toMatchObject({ matched: true, template_id: ids.get('actedIn') });
    expect(await t.app.services.templates.match('How many movies were released in 2000?')).toMatchObject({ matched: true, template_id: counted });
  });

  it('fills numbers as numbers, so the template runs with them', async () => {
    const result = await t.app.services.templates.match('Which films released after 2000 did Meg Ryan act in?');
    expect(result).toMatchObject({ matched: true, parameters: { released: 2000, name: 'Meg Ryan' } });
  });
});
