import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../support/app.js';
import { uniqueName } from '../../support/config.js';
import { demoGraphEngines, startDemoGraphApp } from '../../support/demo-graph-engines.js';
import type { StreamClient } from '../../support/event-stream.js';
import { auth, followSession, runEvent } from '../../support/runs.js';

/**
 * Approving a query never makes a template that answers wrongly: a template is reused only
 * with values the new question supplies, or that its session resolves for it the same way
 * (a pronoun to its antecedent, a disambiguation choice to its node). Through HTTP, on the
 * demo graph; expected values come from Cypher.
 */
for (const engine of demoGraphEngines()) {
  describe.skipIf(!engine.available)(`templates answer only with the values of the question they answer (${engine.name})`, () => {
    let t: TestApp;
    let user: string;
    let curator: string;

    const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
      t.app.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) });

    async function newSession() {
      const id = (await call('POST', '/api/v1/chat', user)).json().session_id as string;
      return { id, stream: await followSession(t, user, id) };
    }

    async function say(session: { id: string; stream: StreamClient }, content: string) {
      const res = await call('POST', `/api/v1/chat/${session.id}/message`, user, { content });
      expect(res.statusCode, res.body).toBe(202);
      const runId = res.json().run_id as string;
      const settled = await session.stream.waitForEvent(runEvent(runId, ['run_completed', 'run_failed', 'run_awaiting_input']));
      return { runId, settled: settled.event };
    }

    async function choose(session: { id: string; stream: StreamClient }, runId: string, choice: string) {
      expect((await call('POST', `/api/v1/chat/${session.id}/disambiguate`, user, { choice })).statusCode).toBe(200);
      return (await session.stream.waitForEvent(runEvent(runId, ['run_completed', 'run_failed']))).event;
    }

    async function answerOf(runId: string) {
      return (await call('GET', `/api/v1/runs/${runId}/download/answer.json`, user)).json() as {
        answer: string;
        rows: Record<string, unknown>[];
        query: { cypher: string; template_id: number | null };
      };
    }

    /** The pending query a run recorded. */
    async function pendingOf(sessionId: string, runId: string): Promise<{ id: number; question: string; cypher: string }> {
      const items = (await call('GET', `/api/v1/aim/queries/pending?session_id=${sessionId}&limit=100`, curator)).json().items as {
        id: number;
        source: { run_id: string };
        question: string;
        cypher: string;
      }[];
      const found = items.find((q) => q.source.run_id === runId);
      if (!found) throw new Error(`run ${runId} queued no query`);
      return found;
    }

    const firstColumn = (rows: Record<string, unknown>[]) => rows.map((r) => Object.values(r)[0]).sort();
    const cypherValues = async (cypher: string) => firstColumn((await t.app.deps.graph.runReadOnly(cypher)).rows);

    beforeAll(async () => {
      t = await startDemoGraphApp(engine);
      user = await t.token(['user'], uniqueName('user'));
      curator = await t.token(['curator']);
    });
    afterAll(() => t.close());

    it('a pronoun becomes a slot the session fills: "And where does she live?" answers for whoever "she" is now', async () => {
      const first = await newSession();
      await say(first, 'Where does Maya Patel live?');
      const followUp = await say(first, 'And where does she live?');
      expect(followUp.settled).toBe('run_completed');
      const pending = await pendingOf(first.id, followUp.runId);
      const approved = await call('POST', `/api/v1/aim/queries/${pending.id}/approve`, curator);
      expect(approved.statusCode, approved.body).toBe(200);
      const template = approved.json().template;
      expect(template.parameters).toEqual([expect.objectContaining({ example: 'Maya Patel', from_question: false, source: { kind: 'pronoun', pronoun: 'she', label: 'Person' } })]);
      first.stream.close();

      const second = await newSession();
      await say(second, 'Where does Lena Moreau live?');
      const reused = await say(second, 'And where does she live?');
      expect(reused.settled).toBe('run_completed');
      const answer = await answerOf(reused.runId);
      expect(answer.query.template_id).toBe(pending.id);
      const lenasCity = await cypherValues("MATCH (:Person {name: 'Lena Moreau'})-[:LIVES_IN]->(c:City) RETURN c.name AS city");
      const mayasCity = await cypherValues("MATCH (:Person {name: 'Maya Patel'})-[:LIVES_IN]->(c:City) RETURN c.name AS city");
      expect(lenasCity).not.toEqual(mayasCity);
      expect(firstColumn(answer.rows)).toEqual(lenasCity);
      expect(answer.answer).toContain(String(lenasCity[0]));
      expect(answer.answer).not.toContain(String(mayasCity[0]));
      second.stream.close();
    });

    it('a key filter from a disambiguation becomes the name slot of its label: the template then answers for any company', async () => {
      const session = await newSession();
      const asked = await say(session, 'Tell me about Mercury.');
      expect(asked.settled).toBe('run_awaiting_input');
      expect(await choose(session, asked.runId, 'company:mercury')).toBe('run_completed');
      // The session remembers the choice: this query picks the company by its key.
      const maintained = await say(session, 'Which projects does Mercury maintain?');
      expect(maintained.settled).toBe('run_completed');
      const pending = await pendingOf(session.id, maintained.runId);
      expect(pending.cypher).toContain('company:mercury');
      const approved = await call('POST', `/api/v1/aim/queries/${pending.id}/approve`, curator);
      expect(approved.statusCode, approved.body).toBe(200);
      const parameters = approved.json().template.parameters as { example: unknown; source: { kind: string; of?: string } }[];
      expect(parameters.find((p) => p.example === 'Mercury')?.source).toEqual({ kind: 'question' });
      expect(parameters.find((p) => p.example === 'company:mercury')?.source).toMatchObject({ kind: 'key', label: 'Company' });

      for (const company of ['Nimbus Labs', 'Mercury']) {
        const other = await say(session, `Which projects does ${company} maintain?`);
        expect(other.settled).toBe('run_completed');
        const answer = await answerOf(other.runId);
        expect(answer.query.template_id).toBe(pending.id);
        const expected = await cypherValues(`MATCH (:Company {name: '${company}'})-[:MAINTAINS]->(p:Project) RETURN p.name AS name`);
        expect(expected.length).toBeGreaterThan(0);
        expect(firstColumn(answer.rows)).toEqual(expected);
      }
      session.stream.close();
    });

    it('follows the understanding, not the wording: a template approved from one phrasing answers another of the same query', async () => {
      const session = await newSession();
      const authors = await cypherValues("MATCH (p:Person)-[:AUTHORED]->(:Paper) WITH p, count(*) AS n WHERE n >= 2 RETURN p.name AS name ORDER BY name");
      const [first, second] = authors as [string, string];
      const asked = await say(session, `What papers did ${first} write?`);
      expect(asked.settled).toBe('run_completed');
      const pending = await pendingOf(session.id, asked.runId);
      expect((await call('POST', `/api/v1/aim/queries/${pending.id}/approve`, curator)).statusCode).toBe(200);

      const passive = await say(session, `Which papers were written by ${second}?`);
      expect(passive.settled).toBe('run_completed');
      const answer = await answerOf(passive.runId);
      expect(answer.query.template_id).toBe(pending.id);
      expect(firstColumn(answer.rows)).toEqual(await cypherValues(`MATCH (:Person {name: '${second}'})-[:AUTHORED]->(p:Paper) RETURN p.name AS name`));
      session.stream.close();
    });

    it('refuses to approve a query whose value the question does not carry, saying which and how to amend it', async () => {
      const recorded = await t.app.services.templates.record({
        question: 'Who are the people there?',
        cypher: "MATCH (p:Person)-[:LIVES_IN]->(:City {name: 'Lisbon'}) RETURN p.name AS name ORDER BY name",
        sessionId: uniqueName('s'),
        createdBy: 'alice',
      });
      if (recorded.outcome !== 'queued') throw new Error(recorded.outcome);
      const refused = await call('POST', `/api/v1/aim/queries/${recorded.query.id}/approve`, curator);
      expect(refused.statusCode).toBe(422);
      expect(refused.headers['content-type']).toContain('application/problem+json');
      expect(refused.json()).toMatchObject({ type: 'urn:cqks:problem:value-not-in-question', parameter: expect.any(String), value: 'Lisbon' });
      expect(refused.json().detail).toMatch(/does not carry the value "Lisbon".*Amend the query so that its question names the value/);
      // Amended so that the question names the value, it is approved, with the value as a slot.
      const amended = await call('POST', `/api/v1/aim/queries/${recorded.query.id}/amend`, curator, {
        question: 'Who are the people living in Lisbon?',
        cypher: "MATCH (p:Person)-[:LIVES_IN]->(:City {name: 'Lisbon'}) RETURN p.name AS name ORDER BY name",
      });
      expect(amended.statusCode, amended.body).toBe(200);
      expect(amended.json().template.parameters).toEqual([expect.objectContaining({ example: 'Lisbon', source: { kind: 'question' } })]);
    });
  });
}
