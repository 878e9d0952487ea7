import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../../src/platform/auth/roles.js';
import type { TestApp } from '../../support/app.js';
import { startTestApp } from '../../support/app.js';
import { uniqueName } from '../../support/config.js';
import { seedMovies } from '../../support/movies.js';

/**
 * The query curation endpoints over the real stores: PGlite (or PostgreSQL with
 * DATABASE_URL) for the queue, the embedded graph for validation and test-cypher.
 */
const ACTED_IN = (name: string) => `MATCH (p:Person {name: '${name}'})-[:ACTED_IN]->(m:Movie) RETURN m.title AS title ORDER BY title`;
const RELEASED_AFTER = (year: number) => `MATCH (m:Movie) WHERE m.released > ${year} RETURN m.title AS title ORDER BY title`;
const CO_ACTORS = (name: string) =>
  `MATCH (p:Person {name: '${name}'})-[:ACTED_IN]->(:Movie)<-[:ACTED_IN]-(c:Person) RETURN DISTINCT c.name AS name ORDER BY name`;

describe('query curation', () => {
  let t: TestApp;
  let curator: string;
  let admin: string;
  const headers = (token: string) => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    t = await startTestApp();
    await seedMovies(t.app.deps.graph);
    curator = await t.token(['curator'], 'carla');
    admin = await t.token(['admin'], 'ada');
  });
  afterAll(() => t.close());

  const record = (question: string, cypher: string, extra: { sessionId?: string; createdBy?: string } = {}) =>
    t.app.services.templates.record({ question, cypher, sessionId: extra.sessionId ?? uniqueName('s'), createdBy: extra.createdBy ?? 'alice' });

  const queued = async (question: string, cypher: string, extra?: { sessionId?: string; createdBy?: string }) => {
    const outcome = await record(question, cypher, extra);
    if (outcome.outcome !== 'queued') throw new Error(`expected a queued query, got ${outcome.outcome}`);
    return outcome.query;
  };

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: headers(token), ...(payload ? { payload } : {}) });

  describe('roles', () => {
    const endpoints: ['GET' | 'POST' | 'DELETE', string, object?][] = [
      ['GET', '/api/v1/aim/queries/stats'],
      ['GET', '/api/v1/aim/queries/pending'],
      ['GET', '/api/v1/aim/queries/approved'],
      ['POST', '/api/v1/aim/queries/test-cypher', { cypher: 'RETURN 1 AS one' }],
      ['POST', '/api/v1/aim/queries/1/approve'],
      ['POST', '/api/v1/aim/queries/1/reject', { reason: 'no' }],
      ['POST', '/api/v1/aim/queries/1/amend', { cypher: 'RETURN 1 AS one' }],
      ['DELETE', '/api/v1/aim/queries/1'],
    ];

    it.each(endpoints)('%s %s: 401 without a token, 403 for a user and a reviewer', async (method, url, payload) => {
      expect((await t.app.inject({ method, url, ...(payload ? { payload } : {}) })).statusCode).toBe(401);
      for (const role of ['user', 'reviewer'] as Role[]) {
        const res = await call(method, url, await t.token([role]), payload);
        expect(res.statusCode, role).toBe(403);
      }
    });

    it.each(endpoints)('%s %s: a curator and an admin get past authorization', async (method, url, payload) => {
      for (const token of [curator, admin]) {
        const res = await call(method, url, token, payload);
        expect([200, 204, 404]).toContain(res.statusCode);
      }
    });
  });

  describe('transitions', () => {
    it('approve: pending → approved, becomes a template with named parameters and a pattern', async () => {
      const q = await queued('What movies did Tom Hanks act in?', ACTED_IN('Tom Hanks'));
      const res = await call('POST', `/api/v1/aim/queries/${q.id}/approve`, curator);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.status).toBe('approved');
      expect(body.template.cypher).toContain('$name');
      expect(body.template.cypher).not.toContain('Tom Hanks');
      expect(body.template.parameters).toEqual([{ name: 'name', example: 'Tom Hanks', from_question: true, source: { kind: 'question' } }]);
      expect(body.template.pattern).toContain('{name}');
      expect(body.template.reuse_count).toBe(0);
      expect(body.history.map((e: { action: string }) => e.action)).toEqual(['recorded', 'approved']);
      expect(body.history[1].actor).toBe('carla');
      // The template runs on the graph with its example values.
      const run = await t.app.deps.graph.runReadOnly(body.template.cypher, { name: 'Meg Ryan' });
      expect(run.rows.map((r) => r.title)).toContain('Sleepless in Seattle');
    });

    it('reject: pending → rejected with its reason; then approve and reject are 409 with the current status', async () => {
      const q = await queued('Who directed The Matrix?', `MATCH (p:Person)-[:DIRECTED]->(:Movie {title: 'The Matrix'}) RETURN p.name AS name`);
      expect((await call('POST', `/api/v1/aim/queries/${q.id}/reject`, curator, { reason: '' })).statusCode).toBe(400);
      const res = await call('POST', `/api/v1/aim/queries/${q.id}/reject`, curator, { reason: 'too narrow' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'rejected', reason: 'too narrow', updated_by: 'carla' });
      for (const move of ['approve', 'reject']) {
        const again = await call('POST', `/api/v1/aim/queries/${q.id}/${move}`, curator, { reason: 'x' });
        expect(again.statusCode).toBe(409);
        expect(again.json().current_status).toBe('rejected');
      }
    });

    it('amend: from rejected, declined and approved → approved as a new revision, keeping the old text', async () => {
      const q = await queued('Movies after 1995', RELEASED_AFTER(1995));
      await call('POST', `/api/v1/aim/queries/${q.id}/reject`, curator, { reason: 'wrong year' });
      const amended = await call('POST', `/api/v1/aim/queries/${q.id}/amend`, curator, {
        cypher: RELEASED_AFTER(1997),
        question: 'Which movies were released after 1997?',
        parameters: ['year'],
      });
      expect(amended.statusCode).toBe(200);
      const body = amended.json();
      expect(body).toMatchObject({ status: 'approved', revision: 2, question: 'Which movies were released after 1997?' });
      expect(body.template.parameters).toEqual([{ name: 'year', example: 1997, from_question: true, source: { kind: 'question' } }]);
      expect(body.revisions).toEqual([expect.objectContaining({ revision: 1, cypher: RELEASED_AFTER(1995), question: 'Movies after 1995' })]);
      const again = await call('POST', `/api/v1/aim/queries/${q.id}/amend`, admin, { cypher: RELEASED_AFTER(1996) });
      expect(again.json()).toMatchObject({ revision: 3, updated_by: 'ada' });
      expect(again.json().revisions).toHaveLength(2);
    });

    it('a declined query can be amended into a template', async () => {
      const outcome = await t.app.services.templates.record({
        question: 'Remove Tom',
        cypher: "MATCH (p:Person {name: 'Tom Hanks'}) DETACH DELETE p",
        createdBy: 'alice',
        declinedReason: 'not read-only',
      });
      expect(outcome.outcome).toBe('declined');
      if (outcome.outcome === 'reused') throw new Error('unexpected');
      expect(outcome.query).toMatchObject({ status: 'declined', reason: 'not read-only' });
      expect((await call('POST', `/api/v1/aim/queries/${outcome.query.id}/approve`, curator)).statusCode).toBe(409);
      const res = await call('POST', `/api/v1/aim/queries/${outcome.query.id}/amend`, curator, {
        cypher: CO_ACTORS('Tom Hanks'),
        question: 'Who acted with Tom Hanks?',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe('approved');
    });

    it('amend and approve refuse a query that is not read-only or does not parse (422), changing nothing', async () => {
      const q = await queued('Count movies', 'MATCH (m:Movie) RETURN count(m) AS n');
      const write = await call('POST', `/api/v1/aim/queries/${q.id}/amend`, curator, { cypher: "CREATE (x:Hack {name: 'x'}) RETURN x" });
      expect(write.statusCode).toBe(422);
      const broken = await call('POST', `/api/v1/aim/queries/${q.id}/amend`, curator, { cypher: 'MATCH (m:Movie RETURN m' });
      expect(broken.statusCode).toBe(422);
      const after = await t.app.services.queries.get(q.id);
      expect(after).toMatchObject({ status: 'pending', revision: 1 });
      const bad = await queued('Broken', 'MATCH (m:Movie) RETURN m.title AS t ORDER BY nope(m)');
      expect((await call('POST', `/api/v1/aim/queries/${bad.id}/approve`, curator)).statusCode).toBe(422);
    });

    it('approving a second query of a template’s shape is a 409 naming the template', async () => {
      const DIRECTORS_OF = (name: string) =>
        `MATCH (p:Person {name: '${name}'})-[:ACTED_IN]->(:Movie)<-[:DIRECTED]-(d:Person) RETURN DISTINCT d.name AS director`;
      const first = await queued('Which directors did Meg Ryan work with?', DIRECTORS_OF('Meg Ryan'));
      // Queued before the first became a template, so it is still pending.
      const second = await queued('Who directed Keanu Reeves?', DIRECTORS_OF('Keanu Reeves'));
      expect((await call('POST', `/api/v1/aim/queries/${first.id}/approve`, curator)).statusCode).toBe(200);
      const res = await call('POST', `/api/v1/aim/queries/${second.id}/approve`, curator);
      expect(res.statusCode).toBe(409);
      expect(res.json().template_id).toBe(first.id);
    });

    it('two curators approving one query at once: one wins, the other gets a 409', async () => {
      const q = await queued('Newest movie', 'MATCH (m:Movie) RETURN m.title AS title ORDER BY m.released DESC LIMIT 1');
      const results = await Promise.all([
        call('POST', `/api/v1/aim/queries/${q.id}/approve`, curator),
        call('POST', `/api/v1/aim/queries/${q.id}/approve`, admin),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const history = (await t.app.services.queries.get(q.id)).history.map((e) => e.action);
      expect(history).toEqual(['recorded', 'approved']);
    });

    it('amend straight from pending', async () => {
      const q = await queued('Oldest movie', 'MATCH (m:Movie) RETURN m.title AS title ORDER BY m.released LIMIT 1');
      const res = await call('POST', `/api/v1/aim/queries/${q.id}/amend`, curator, {
        cypher: 'MATCH (m:Movie) RETURN m.title AS title, m.released AS year ORDER BY m.released LIMIT 1',
      });
      expect(res.json()).toMatchObject({ status: 'approved', revision: 2 });
      expect(res.json().history.map((e: { action: string }) => e.action)).toEqual(['recorded', 'amended']);
    });

    it.each([
      ['approved', 'approve'],
      ['approved', 'reject'],
      ['rejected', 'approve'],
      ['rejected', 'reject'],
      ['declined', 'approve'],
      ['declined', 'reject'],
    ])('a %s query cannot be %sd: 409 with the current status', async (status, move) => {
      const outcome = await t.app.services.templates.record({
        question: `Illegal move ${status} ${move}`,
        cypher: `MATCH (x:Illegal${status}${move}) RETURN x.name AS name`,
        createdBy: 'alice',
        ...(status === 'declined' ? { declinedReason: 'reviewer declined' } : {}),
      });
      if (outcome.outcome === 'reused') throw new Error('unexpected reuse');
      const id = outcome.query.id;
      if (status === 'approved') await call('POST', `/api/v1/aim/queries/${id}/approve`, curator);
      if (status === 'rejected') await call('POST', `/api/v1/aim/queries/${id}/reject`, curator, { reason: 'no' });
      const res = await call('POST', `/api/v1/aim/queries/${id}/${move}`, curator, { reason: 'again' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ current_status: status, type: 'urn:cqks:problem:conflict' });
    });

    it('delete: any status; unknown ids are 404', async () => {
      const q = await queued('Tom Hanks movies', ACTED_IN('Tom Hanks').replace('title AS title', 'title AS movie'));
      expect((await call('DELETE', `/api/v1/aim/queries/${q.id}`, curator)).statusCode).toBe(204);
      expect((await call('DELETE', `/api/v1/aim/queries/${q.id}`, curator)).statusCode).toBe(404);
      expect((await call('POST', `/api/v1/aim/queries/${q.id}/approve`, curator)).statusCode).toBe(404);
      expect((await call('POST', '/api/v1/aim/queries/abc/approve', curator)).statusCode).toBe(400);
    });
  });

  describe('templates at work', () => {
    it('a new query with a template’s shape is not queued: the template’s counters move', async () => {
      const BEFORE = (year: number) => `MATCH (m:Movie) WHERE m.released < ${year} RETURN m.title AS film ORDER BY film`;
      const q = await queued('Which movies came out before 1999?', BEFORE(1999));
      await call('POST', `/api/v1/aim/queries/${q.id}/approve`, curator);
      const before = (await call('GET', '/api/v1/aim/queries/stats', curator)).json();
      const outcome = await record('Movies released before 1995', BEFORE(1995), {
        sessionId: 'session-x',
      });
      expect(outcome.outcome).toBe('reused');
      if (outcome.outcome !== 'reused') return;
      expect(outcome.template).toMatchObject({ id: q.id });
      expect(outcome.template.template).toMatchObject({ reuse_count: 1, reuse_sessions: 1 });
      const after = (await call('GET', '/api/v1/aim/queries/stats', curator)).json();
      expect(after.counts.pending).toBe(before.counts.pending);
      expect(after.templates_reused_last_24h).toBe(before.templates_reused_last_24h + 1);
    });

    it('concurrent reuses all count, and a session counts once', async () => {
      const q = await queued('Who acted in The Matrix?', `MATCH (p:Person)-[:ACTED_IN]->(:Movie {title: 'The Matrix'}) RETURN p.name AS name`);
      await call('POST', `/api/v1/aim/queries/${q.id}/approve`, curator);
      const sessions = ['a', 'b', 'a', 'c', 'b', 'a', 'd', 'c', 'a', 'b'];
      await Promise.all(sessions.map((s) => t.app.services.templates.reuse(q.id, `reuse-${s}`)));
      const template = (await t.app.services.queries.get(q.id)).template!;
      expect(template.reuse_count).toBe(10);
      expect(template.reuse_sessions).toBe(4);
      expect(template.last_reused_at).not.toBeNull();
    });

    it('the matcher fills a paraphrase with other values, and refuses a question that only shares words', async () => {
      const match = await t.app.services.templates.match('Which movies did Meg Ryan act in?');
      expect(match).toMatchObject({ matched: true, parameters: { name: 'Meg Ryan' } });
      if (!match.matched) return;
      const rows = await t.app.deps.graph.runReadOnly(match.cypher, match.parameters as Record<string, string>);
      expect(rows.rows.map((r) => r.title)).toEqual(["Joe Versus the Volcano", 'Sleepless in Seattle', "You've Got Mail"]);
      const miss = await t.app.services.templates.match('Did Tom Hanks direct any movies?');
      expect(miss.matched).toBe(false);
      expect(miss.reason).toEqual(expect.any(String));
    });
  });

  describe('lists', () => {
    it('stats always has the four statuses', async () => {
      const res = await call('GET', '/api/v1/aim/queries/stats', curator);
      expect(res.statusCode).toBe(200);
      expect(Object.keys(res.json().counts).sort()).toEqual(['approved', 'declined', 'pending', 'rejected']);
      const { rows } = await t.app.deps.relational.query<{ status: string; n: number }>(
        'SELECT status, count(*)::int AS n FROM queries GROUP BY status',
      );
      for (const row of rows) expect(res.json().counts[row.status]).toBe(row.n);
    });

    it('pages the pending list without duplicates or gaps while new queries arrive', async () => {
      const session = uniqueName('paging');
      for (let i = 0; i < 7; i++) await queued(`Paging question ${i}`, `MATCH (m:Movie) WHERE m.released = ${1900 + i} RETURN m.title AS t${i}`, { sessionId: session });
      const seen: number[] = [];
      let cursor: string | null = null;
      let arrivals = 0;
      do {
        const url: string = `/api/v1/aim/queries/pending?session_id=${session}&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
        const page = (await call('GET', url, curator)).json();
        seen.push(...page.items.map((q: { id: number }) => q.id));
        cursor = page.next_cursor;
        if (arrivals < 3) {
          await queued(`Late question ${arrivals}`, `MATCH (m:Movie) WHERE m.released = ${2100 + arrivals} RETURN m.title AS late${arrivals}`, { sessionId: session });
          arrivals++;
        }
      } while (cursor);
      expect(new Set(seen).size).toBe(seen.length);
      const all = await t.app.deps.relational.query<{ id: number }>(`SELECT id FROM queries WHERE session_id = $1 AND status = 'pending' ORDER BY id`, [session]);
      expect(seen).toEqual(all.rows.map((r) => Number(r.id)));
      expect(seen.length).toBe(10);
    });

    it('filters by q, created_by, since and until, and refuses a bad cursor or limit', async () => {
      const who = uniqueName('bob');
      const q = await queued(
        'How many movies did Carrie-Anne Moss act in?',
        `MATCH (p:Person {name: 'Carrie-Anne Moss'})-[:ACTED_IN]->(m:Movie) RETURN count(m) AS n`,
        { createdBy: who },
      );
      const byUser = (await call('GET', `/api/v1/aim/queries/pending?created_by=${who}`, curator)).json();
      expect(byUser.items.map((i: { id: number }) => i.id)).toEqual([q.id]);
      const byText = (await call('GET', `/api/v1/aim/queries/pending?q=${encodeURIComponent('carrie-anne')}&created_by=${who}`, curator)).json();
      expect(byText.items).toHaveLength(1);
      const none = (await call('GET', `/api/v1/aim/queries/pending?q=zzz_nothing_zzz`, curator)).json();
      expect(none.items).toEqual([]);
      const future = new Date(Date.now() + 3600_000).toISOString();
      expect((await call('GET', `/api/v1/aim/queries/pending?created_by=${who}&since=${future}`, curator)).json().items).toEqual([]);
      expect((await call('GET', `/api/v1/aim/queries/pending?created_by=${who}&until=${future}`, curator)).json().items).toHaveLength(1);
      expect((await call('GET', '/api/v1/aim/queries/pending?cursor=garbage', curator)).statusCode).toBe(400);
      expect((await call('GET', '/api/v1/aim/queries/pending?limit=101', curator)).statusCode).toBe(400);
      expect((await call('GET', '/api/v1/aim/queries/pending?since=yesterday', curator)).statusCode).toBe(400);
    });

    it('shows similarity context: duplicate of a template, similar, or new', async () => {
      const session = uniqueName('similar');
      const shape = (name: string) =>
        `MATCH (p:Person {name: '${name}'})-[:ACTED_IN]->(m:Movie) WHERE m.released > 1980 RETURN m.title AS title`;
      const template = await queued('What movies did Keanu Reeves act in?', shape('Keanu Reeves'));
      // Queued before the first became a template: the same shape, still pending.
      const dup = await queued('Movies with Meg Ryan in them', shape('Meg Ryan'), { sessionId: session });
      await call('POST', `/api/v1/aim/queries/${template.id}/approve`, curator);
      const similar = await queued('What movies did Keanu Reeves star in?', CO_ACTORS('Keanu Reeves').replace('AS name', 'AS co'), { sessionId: session });
      const fresh = await queued('Which city are studios located in?', 'MATCH (s:Studio)-[:LOCATED_IN]->(c:City) RETURN c.name AS city', {
        sessionId: session,
      });
      const page = (await call('GET', `/api/v1/aim/queries/pending?session_id=${session}`, curator)).json();
      const byId = new Map(page.items.map((i: { id: number }) => [i.id, i]));
      const s = byId.get(similar.id) as { verdict: string; similar: { id: number; reasons: string[]; status: string }[] };
      expect(s.verdict).toBe('similar');
      expect(s.similar.length).toBeLessThanOrEqual(5);
      const toTemplate = s.similar.find((x) => x.id === template.id);
      expect(toTemplate).toMatchObject({ status: 'approved' });
      expect(toTemplate!.reasons).toContain('similar_question');
      const d = byId.get(dup.id) as { verdict: string; similar: { id: number; reasons: string[]; score: number }[] };
      expect(d.verdict).toBe('duplicate_of_template');
      expect(d.similar[0]).toMatchObject({ id: template.id, score: 1 });
      expect(d.similar[0]!.reasons).toContain('same_fingerprint');
      const f = byId.get(fresh.id) as { verdict: string; similar: unknown[] };
      expect(f.verdict, JSON.stringify(f.similar)).toBe('new');
      expect(f.similar).toEqual([]);
    });

    it('lists templates sorted by reuse, last reuse and creation, paginated', async () => {
      const ids: number[] = [];
      const shapes = ['m.title', 'm.released', 'count(m)'];
      for (const [i, name] of ['Lana Wachowski', 'Carrie-Anne Moss', 'Meg Ryan'].entries()) {
        const q = await queued(`Movies directed by ${name}`, `MATCH (p:Person {name: '${name}'})-[:DIRECTED]->(m:Movie) RETURN ${shapes[i]} AS d`);
        await call('POST', `/api/v1/aim/queries/${q.id}/approve`, curator);
        ids.push(q.id);
        for (let r = 0; r < i + 1; r++) await t.app.services.templates.reuse(q.id, `sort-${r}`);
      }
      const collect = async (sort: string) => {
        const out: { id: number; template: { reuse_count: number } }[] = [];
        let cursor: string | null = null;
        do {
          const page: { items: typeof out; next_cursor: string | null } = (
            await call('GET', `/api/v1/aim/queries/approved?sort=${sort}&limit=2${cursor ? `&cursor=${cursor}` : ''}`, curator)
          ).json();
          out.push(...page.items);
          cursor = page.next_cursor;
        } while (cursor);
        return out;
      };
      const byReuse = await collect('reuse_count');
      const counts = byReuse.map((q) => q.template.reuse_count);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
      expect(new Set(byReuse.map((q) => q.id)).size).toBe(byReuse.length);
      const byLast = (await collect('last_reused_at')).map((q) => q.id);
      expect(byLast.indexOf(ids[2]!)).toBeLessThan(byLast.indexOf(ids[0]!));
      const byCreated = (await collect('created_at')).map((q) => q.id);
      expect(byCreated.indexOf(ids[2]!)).toBeLessThan(byCreated.indexOf(ids[1]!));
      expect(byCreated.length).toBe(byReuse.length);
    });
  });

  describe('test-cypher', () => {
    it('runs a read-only query with parameters and says what it did', async () => {
      const res = await call('POST', '/api/v1/aim/queries/test-cypher', curator, {
        cypher: 'MATCH (p:Person {name: $name})-[:ACTED_IN]->(m:Movie) RETURN m.title AS title, m.released AS year ORDER BY year',
        parameters: { name: 'Tom Hanks' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        columns: ['title', 'year'],
        row_count: 4,
        truncated: false,
        query_type: 'r',
        rows: [{ title: 'Joe Versus the Volcano', year: 1990 }, expect.anything(), expect.anything(), expect.anything()],
      });
      expect(res.json().elapsed_ms).toEqual(expect.any(Number));
    });

    it.each([
      ["CREATE (x:Hack) RETURN x", 'cypher-not-read-only'],
      ["MATCH (n) DETACH DELETE n", 'cypher-not-read-only'],
      ["LOAD CSV FROM 'http://example.com/x.csv' AS row RETURN row", 'cypher-not-read-only'],
      ['MATCH (n RETURN n', 'cypher-invalid'],
    ])('%s → 422 %s, and the graph is unchanged', async (cypher, slug) => {
      const before = await t.app.deps.graph.runReadOnly('MATCH (n) RETURN count(n) AS n');
      const res = await call('POST', '/api/v1/aim/queries/test-cypher', curator, { cypher });
      expect(res.statusCode).toBe(422);
      expect(res.json().type).toBe(`urn:cqks:problem:${slug}`);
      const after = await t.app.deps.graph.runReadOnly('MATCH (n) RETURN count(n) AS n');
      expect(after.rows).toEqual(before.rows);
    });

    it('a query over its time limit is a 422 timeout, not a 500', async () => {
      const limited = await startTestApp({ env: { GRAPH_QUERY_TIMEOUT_MS: '300' } });
      try {
        await seedMovies(limited.app.deps.graph);
        const token = await limited.token(['curator']);
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/v1/aim/queries/test-cypher',
          headers: headers(token),
          payload: { cypher: 'UNWIND range(1, 100000000) AS x WITH x WHERE x % 7 = 3 RETURN count(x) AS n' },
        });
        expect(res.statusCode).toBe(422);
        expect(res.json().type).toBe('urn:cqks:problem:query-timeout');
      } finally {
        await limited.close();
      }
    });
  });
});
