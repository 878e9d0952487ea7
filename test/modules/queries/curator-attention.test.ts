import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../support/app.js';
import { uniqueName } from '../../support/config.js';
import { demoGraphEngines, startDemoGraphApp } from '../../support/demo-graph-engines.js';
import type { StreamClient } from '../../support/event-stream.js';
import { auth, followSession, runEvent } from '../../support/runs.js';

/**
 * Curators see what deserves attention: how sure the service was of each query it wrote and
 * why (sortable), and the templates whose answers users reported wrong, with the question that
 * failed. Through HTTP on the demo graph.
 */
for (const engine of demoGraphEngines()) {
  describe.skipIf(!engine.available)(`what deserves a curator’s attention (${engine.name})`, () => {
    let t: TestApp;
    let user: string;
    let curator: string;

    const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
      t.app.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) });

    async function newSession(token = user) {
      const id = (await call('POST', '/api/v1/chat', token)).json().session_id as string;
      return { id, stream: await followSession(t, token, id) };
    }

    async function say(session: { id: string; stream: StreamClient }, content: string) {
      const res = await call('POST', `/api/v1/chat/${session.id}/message`, user, { content });
      expect(res.statusCode, res.body).toBe(202);
      const runId = res.json().run_id as string;
      const ready = await session.stream.waitForEvent(runEvent(runId, ['answer_ready']));
      await session.stream.waitForEvent(runEvent(runId, ['run_completed']));
      return { runId, messageId: ready.data.data.message_id as string, usedTemplate: ready.data.data.used_template as boolean };
    }

    type Pending = { id: number; question: string; assessment: { confidence: number; empty_answer: boolean; generator: string; guesses: string[] } | null };
    const pendingPage = async (query: string) => (await call('GET', `/api/v1/aim/queries/pending?${query}`, curator)).json() as { items: Pending[]; next_cursor: string | null };

    beforeAll(async () => {
      t = await startDemoGraphApp(engine);
      user = await t.token(['user'], uniqueName('user'));
      curator = await t.token(['curator']);
    });
    afterAll(() => t.close());

    it('a written query carries how sure the service was and why; the queue sorts by it, both ways, page by page', async () => {
      const session = await newSession();
      const { rows } = await t.app.deps.graph.runReadOnly('MATCH (p:Paper) WHERE NOT (p)-[:CITES]->() RETURN p.name AS name ORDER BY name LIMIT 1');
      const uncited = String(rows[0]!.name);
      await say(session, `Which papers does ${uncited} cite?`); // finds nothing
      await say(session, 'How many people work at Orbital Systems?');
      await say(session, 'Which technologies does Stratus use?');

      const all = (await pendingPage(`session_id=${session.id}&limit=100`)).items;
      expect(all).toHaveLength(3);
      for (const q of all) expect(q.assessment).toMatchObject({ confidence: expect.any(Number), generator: 'planner', guesses: expect.any(Array) });
      const empty = all.find((q) => q.question.includes(uncited))!;
      expect(empty.assessment!.empty_answer).toBe(true);
      for (const q of all.filter((q) => q !== empty)) {
        expect(q.assessment!.empty_answer).toBe(false);
        expect(q.assessment!.confidence).toBeGreaterThan(empty.assessment!.confidence);
      }

      const walk = async (sort: string) => {
        const ids: number[] = [];
        let cursor: string | null = null;
        do {
          const page = await pendingPage(`session_id=${session.id}&sort=${sort}&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
          ids.push(...page.items.map((q) => q.id));
          cursor = page.next_cursor;
        } while (cursor);
        return ids;
      };
      const byConfidence = [...all].sort((a, b) => a.assessment!.confidence - b.assessment!.confidence || a.id - b.id);
      expect(await walk('least_confident')).toEqual(byConfidence.map((q) => q.id));
      expect((await walk('least_confident'))[0]).toBe(empty.id);
      const mostFirst = await walk('most_confident');
      expect(mostFirst).toHaveLength(3);
      expect(mostFirst.at(-1)).toBe(empty.id);
      expect((await call('GET', '/api/v1/aim/queries/pending?sort=loudest', curator)).statusCode).toBe(400);
      session.stream.close();
    });

    it('a "wrong" on a template answer puts the template in front of curators with the question that failed, until it is amended', async () => {
      const session = await newSession();
      const answer = await say(session, 'Who works at Orbital Systems?');
      expect(answer.usedTemplate).toBe(true);
      const url = `/api/v1/chat/${session.id}/messages/${answer.messageId}/feedback`;

      const right = await call('POST', url, user, { verdict: 'right' });
      expect(right.statusCode, right.body).toBe(200);
      expect(right.json()).toMatchObject({ verdict: 'right', used_template: true, sent_to_curators: false });
      const templateId = right.json().query_id as number;
      const flagged = async () =>
        ((await call('GET', '/api/v1/aim/queries/approved?needs_attention=true&limit=100', curator)).json().items as { id: number; attention: Record<string, unknown> | null }[]).find(
          (q) => q.id === templateId,
        );
      expect(await flagged()).toBeUndefined();

      const wrong = await call('POST', url, user, { verdict: 'wrong', comment: 'Half of these people left.' });
      expect(wrong.json()).toMatchObject({ verdict: 'wrong', query_id: templateId, sent_to_curators: true });
      expect((await call('POST', url, user, { verdict: 'wrong' })).statusCode).toBe(200); // the same user again: still one report
      const template = await flagged();
      expect(template?.attention).toMatchObject({
        reason: 'reported_wrong',
        question: 'Who works at Orbital Systems?',
        message_id: answer.messageId,
        session_id: session.id,
        reports: 1,
        since: expect.any(String),
      });
      const unflagged = (await call('GET', '/api/v1/aim/queries/approved?needs_attention=false&limit=100', curator)).json().items as { id: number }[];
      expect(unflagged.map((q) => q.id)).not.toContain(templateId);

      // Someone else's answer, an unknown message, a bad verdict.
      expect((await call('POST', url, await t.token(['user'], uniqueName('other')), { verdict: 'wrong' })).statusCode).toBe(404);
      expect((await call('POST', `/api/v1/chat/${session.id}/messages/${crypto.randomUUID()}/feedback`, user, { verdict: 'wrong' })).statusCode).toBe(404);
      expect((await call('POST', url, user, { verdict: 'meh' })).statusCode).toBe(400);

      // A curator's decision clears it.
      const current = (await call('GET', `/api/v1/aim/queries/approved?limit=100`, curator)).json().items.find((q: { id: number }) => q.id === templateId);
      const amended = await call('POST', `/api/v1/aim/queries/${templateId}/amend`, curator, { cypher: current.cypher });
      expect(amended.statusCode, amended.body).toBe(200);
      expect(amended.json().attention).toBeNull();
      expect(await flagged()).toBeUndefined();
      session.stream.close();
    });
  });
}
