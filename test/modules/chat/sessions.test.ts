import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../support/app.js';
import { startTestApp } from '../../support/app.js';
import { uniqueName } from '../../support/config.js';

describe('chat sessions', () => {
  let t: TestApp;
  let alice: string;
  let bob: string;
  let admin: string;
  const aliceSub = uniqueName('alice');
  const headers = (token: string) => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_CHAT_CREATE_PER_MINUTE: '25' } });
    alice = await t.token(['user'], aliceSub);
    bob = await t.token(['reviewer'], uniqueName('bob'));
    admin = await t.token(['admin'], uniqueName('root'));
  });
  afterAll(() => t.close());

  const create = (token: string, payload?: object) =>
    t.app.inject({ method: 'POST', url: '/api/v1/chat', headers: headers(token), ...(payload ? { payload } : {}) });

  it('creates a session owned by the caller: 201 with its id', async () => {
    const res = await create(alice, { title: 'Movies', metadata: { client: 'web' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ owner: aliceSub, title: 'Movies', metadata: { client: 'web' }, state: 'idle', message_count: 0 });
    expect(res.json().session_id).toMatch(/^[0-9a-f-]{36}$/);
    const bare = await create(alice);
    expect(bare.statusCode).toBe(201);
    expect(bare.json().title).toBeNull();
  });

  it('refuses a bad body, and requires a token and a role', async () => {
    expect((await create(alice, { title: 'x'.repeat(201) })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/chat' })).statusCode).toBe(401);
    expect((await create(await t.token([]))).statusCode).toBe(403);
  });

  it('bounds a session’s metadata (CHAT_METADATA_MAX_BYTES)', async () => {
    const token = await t.token(['user']);
    const big = { notes: 'x'.repeat(t.config.limits.chatMetadataBytes) };
    const refused = await t.app.inject({ method: 'POST', url: '/api/v1/chat', headers: { authorization: `Bearer ${token}` }, payload: { metadata: big } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([expect.objectContaining({ path: 'body.metadata' })]);
    const fits = await t.app.inject({ method: 'POST', url: '/api/v1/chat', headers: { authorization: `Bearer ${token}` }, payload: { metadata: { notes: 'short' } } });
    expect(fits.statusCode).toBe(201);
  });

  it('status: the owner and admins see it; anyone else gets 404, a malformed id 400', async () => {
    const id = (await create(alice, { title: 'Status' })).json().session_id;
    const own = await t.app.inject({ method: 'GET', url: `/api/v1/chat/${id}/status`, headers: headers(alice) });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ session_id: id, state: 'idle', current_run_id: null, waiting_for: null, message_count: 0 });
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/chat/${id}/status`, headers: headers(admin) })).statusCode).toBe(200);
    const other = await t.app.inject({ method: 'GET', url: `/api/v1/chat/${id}/status`, headers: headers(bob) });
    expect(other.statusCode).toBe(404);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/v1/chat/00000000-0000-4000-8000-000000000000/status',
      headers: headers(alice),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe(other.json().detail.replace(id, '00000000-0000-4000-8000-000000000000'));
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/chat/not-a-uuid/status', headers: headers(alice) })).statusCode).toBe(400);
  });

  it('history: own sessions newest first, paginated without duplicates while sessions are created', async () => {
    const carol = await t.token(['user'], uniqueName('carol'));
    for (let i = 0; i < 5; i++) await create(carol, { title: `c${i}` });
    const seen: string[] = [];
    let cursor: string | null = null;
    let extra = 0;
    do {
      const url: string = `/api/v1/chat/history?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = (await t.app.inject({ method: 'GET', url, headers: headers(carol) })).json();
      seen.push(...page.items.map((s: { title: string }) => s.title));
      cursor = page.next_cursor;
      if (extra++ < 2) await create(carol, { title: `late${extra}` }); // newer: before page 1, never in later pages
    } while (cursor);
    expect(seen).toEqual(['c4', 'c3', 'c2', 'c1', 'c0']);
  });

  it('history: only admins list other owners or everyone', async () => {
    const dave = uniqueName('dave');
    const daveToken = await t.token(['user'], dave);
    await create(daveToken, { title: 'dave 1' });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/chat/history?owner=${dave}`, headers: headers(alice) })).statusCode,
    ).toBe(403);
    const own = (await t.app.inject({ method: 'GET', url: `/api/v1/chat/history?owner=${aliceSub}`, headers: headers(alice) })).json();
    expect(own.items.every((s: { owner: string }) => s.owner === aliceSub)).toBe(true);
    const byAdmin = (await t.app.inject({ method: 'GET', url: `/api/v1/chat/history?owner=${dave}`, headers: headers(admin) })).json();
    expect(byAdmin.items.map((s: { title: string }) => s.title)).toEqual(['dave 1']);
    const all = (await t.app.inject({ method: 'GET', url: '/api/v1/chat/history?limit=100', headers: headers(admin) })).json();
    expect(new Set(all.items.map((s: { owner: string }) => s.owner)).size).toBeGreaterThan(2);
    const idle = (await t.app.inject({ method: 'GET', url: '/api/v1/chat/history?state=idle', headers: headers(alice) })).json();
    expect(idle.items.length).toBeGreaterThan(0);
  });

  it('session creation is rate limited per subject with the chat preset', async () => {
    const erin = await t.token(['user'], uniqueName('erin'));
    const statuses: number[] = [];
    for (let i = 0; i < 26; i++) statuses.push((await create(erin)).statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(25);
    expect(statuses.at(-1)).toBe(429);
    const other = await create(await t.token(['user'], uniqueName('frank')));
    expect(other.statusCode).toBe(201);
    expect(other.headers['x-ratelimit-limit']).toBe('25');
  });
});
