import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../support/app.js';
import type { TestApp } from '../../support/app.js';
import { seedMovies } from '../../support/movies.js';
import { auth, followSession, runEvent } from '../../support/runs.js';

/**
 * Deployment synonyms through HTTP: curators list, add and delete them; the name they stand for
 * must be the graph's; the planner reads them from the next question on (the store's notice
 * makes every process read them again, this one included).
 */
describe('deployment synonyms', () => {
  let t: TestApp;
  let curator: string;
  let user: string;

  beforeAll(async () => {
    t = await startTestApp({ env: { DEMO_DATA: 'false', JOB_POLL_INTERVAL_MS: '50', SYNONYMS_MAX: '3' } });
    await seedMovies(t.app.deps.graph);
    t.app.services.schema.invalidate();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    curator = await t.token(['curator']);
    user = await t.token(['user']);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: auth(token), ...(payload === undefined ? {} : { payload: payload as object }) });

  async function answer(question: string): Promise<{ text: string; query: string | null }> {
    const session = (await call('POST', '/api/v1/chat', user)).json().session_id as string;
    const stream = await followSession(t, user, session);
    try {
      const runId = (await call('POST', `/api/v1/chat/${session}/message`, user, { content: question })).json().run_id as string;
      const settled = await stream.waitForEvent(runEvent(runId, ['run_completed', 'run_failed']));
      return settled.data.data.output as { text: string; query: string | null };
    } finally {
      stream.close();
    }
  }

  it('a word neither the graph nor WordNet relates to it is out of scope until a curator says what it stands for, and again once deleted', async () => {
    expect((await answer('How many blockbusters are there?')).text).toMatch(/records nothing about “blockbusters”/);
    const added = await call('POST', '/api/v1/aim/synonyms', curator, { word: '  Blockbuster ', stands_for: 'Movie' });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ word: 'blockbuster', stands_for: 'Movie', kind: 'label', created_by: expect.any(String) });
    const counted = await answer('How many blockbusters are there?');
    expect(counted.query).not.toBeNull();
    expect(counted.text).toBe('There are 5 movies.');
    expect((await call('DELETE', `/api/v1/aim/synonyms/${added.json().synonym_id}`, curator)).statusCode).toBe(204);
    expect((await answer('How many blockbusters are there?')).text).toMatch(/records nothing about “blockbusters”/);
  });

  it('a relationship by another verb, and who does it by its noun', async () => {
    const added = await call('POST', '/api/v1/aim/synonyms', curator, { word: 'star', stands_for: 'ACTED_IN' });
    expect(added.json()).toMatchObject({ kind: 'relationship' });
    const starred = await answer('Which movies did Keanu Reeves star in?');
    expect(starred.text).toBe('Keanu Reeves acted in 1 movie: The Matrix.');
    const stars = await answer('Who are the stars of Cast Away?');
    expect(stars.text).toContain('Tom Hanks');
    await call('DELETE', `/api/v1/aim/synonyms/${added.json().synonym_id}`, curator);
  });

  it('refuses a name the graph does not have (422), the same synonym twice (409), more than SYNONYMS_MAX (409) and a malformed word (400)', async () => {
    const unknown = await call('POST', '/api/v1/aim/synonyms', curator, { word: 'band', stands_for: 'Band' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(unknown.json().errors).toEqual([{ path: 'body.stands_for', message: expect.any(String) }]);
    expect((await call('POST', '/api/v1/aim/synonyms', curator, { word: 'picture', stands_for: 'Movie' })).statusCode).toBe(201);
    expect((await call('POST', '/api/v1/aim/synonyms', curator, { word: 'Picture', stands_for: 'Movie' })).statusCode).toBe(409);
    expect((await call('POST', '/api/v1/aim/synonyms', curator, { word: 'flick', stands_for: 'Movie' })).statusCode).toBe(201);
    expect((await call('POST', '/api/v1/aim/synonyms', curator, { word: 'feature', stands_for: 'Movie' })).statusCode).toBe(201);
    const over = await call('POST', '/api/v1/aim/synonyms', curator, { word: 'motion picture', stands_for: 'Movie' });
    expect(over.statusCode).toBe(409);
    expect(over.json().detail).toMatch(/SYNONYMS_MAX/);
    const bad = await call('POST', '/api/v1/aim/synonyms', curator, { word: "x'); DROP", stands_for: 'Movie' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('body.word');
  });

  it('lists them in pages, for curators only; deleting twice is a 404', async () => {
    const first = await call('GET', '/api/v1/aim/synonyms?limit=2', curator);
    expect(first.statusCode).toBe(200);
    expect(first.json().items).toHaveLength(2);
    const second = await call('GET', `/api/v1/aim/synonyms?limit=2&cursor=${first.json().next_cursor}`, curator);
    expect(second.json().items.map((s: { word: string }) => s.word)).toEqual(['feature']);
    expect(second.json().next_cursor).toBeNull();
    expect((await call('GET', '/api/v1/aim/synonyms', user)).statusCode).toBe(403);
    expect((await call('POST', '/api/v1/aim/synonyms', user, { word: 'cinema', stands_for: 'Movie' })).statusCode).toBe(403);
    const id = second.json().items[0].synonym_id as string;
    expect((await call('DELETE', `/api/v1/aim/synonyms/${id}`, curator)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/v1/aim/synonyms/${id}`, curator)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/v1/aim/synonyms/not-a-number', curator)).statusCode).toBe(400);
  });
});
