import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prng } from '../../../src/demo/graph.js';
import type { TestApp } from '../../support/app.js';
import { uniqueName } from '../../support/config.js';
import { demoGraphEngines, startDemoGraphApp } from '../../support/demo-graph-engines.js';
import { auth, followSession, runEvent } from '../../support/runs.js';

/**
 * A property of approved templates: asked about another thing of the same label, a template's
 * answer is the answer the planner writes from scratch for that question. Two services on the
 * demo graph: one with the demo's approved templates, one whose templates were all deleted.
 * For every template and every slot that names a node, two other nodes of its label, chosen by
 * a seeded random generator.
 */
const OTHERS_PER_SLOT = 2;
const SEED = 20261124;

interface Template {
  id: number;
  question: string;
  template: { cypher: string; parameters: { name: string; example: unknown; source?: { kind: string } }[] };
}

for (const engine of demoGraphEngines()) {
  describe.skipIf(!engine.available)(`an approved template answers another thing of its label as the planner does from scratch (${engine.name})`, () => {
    let withTemplates: TestApp;
    let fromScratch: TestApp;
    let templates: Template[];

    async function ask(t: TestApp, question: string) {
      const user = await t.token(['user'], uniqueName('user'));
      const sessionId = (await t.app.inject({ method: 'POST', url: '/api/v1/chat', headers: auth(user) })).json().session_id as string;
      const stream = await followSession(t, user, sessionId);
      try {
        const res = await t.app.inject({ method: 'POST', url: `/api/v1/chat/${sessionId}/message`, headers: auth(user), payload: { content: question } });
        const runId = res.json().run_id as string;
        const settled = await stream.waitForEvent(runEvent(runId, ['run_completed', 'run_failed', 'run_awaiting_input']));
        expect(settled.event, question).toBe('run_completed');
        return (await t.app.inject({ method: 'GET', url: `/api/v1/runs/${runId}/download/answer.json`, headers: auth(user) })).json() as {
          rows: Record<string, unknown>[];
          query: { template_id: number | null; cypher: string };
        };
      } finally {
        stream.close();
      }
    }

    beforeAll(async () => {
      [withTemplates, fromScratch] = await Promise.all([startDemoGraphApp(engine), startDemoGraphApp(engine)]);
      const curator = await withTemplates.token(['curator']);
      templates = (await withTemplates.app.inject({ method: 'GET', url: '/api/v1/aim/queries/approved?limit=100', headers: auth(curator) })).json().items;
      const admin = await fromScratch.token(['admin']);
      const theirs = (await fromScratch.app.inject({ method: 'GET', url: '/api/v1/aim/queries/approved?limit=100', headers: auth(admin) })).json().items as Template[];
      for (const q of theirs) await fromScratch.app.inject({ method: 'DELETE', url: `/api/v1/aim/queries/${q.id}`, headers: auth(admin) });
    });
    afterAll(async () => {
      await Promise.all([withTemplates?.close(), fromScratch?.close()]);
    });

    it('holds for every approved template', async () => {
      expect(templates.length).toBeGreaterThan(0);
      const next = prng(SEED);
      const graph = withTemplates.app.deps.graph;
      let checked = 0;
      for (const q of templates) {
        for (const p of q.template.parameters.filter((p) => p.source?.kind === 'question' && typeof p.example === 'string')) {
          const lookup = new RegExp(`\\(\\s*\\w*\\s*:\\s*(\\w+)\\s*\\{\\s*(\\w+)\\s*:\\s*\\$${p.name}\\s*\\}`).exec(q.template.cypher);
          if (!lookup) continue;
          const [, label, property] = lookup;
          // Names that only one node carries: a shared name would make both services ask which one.
          const { rows } = await graph.runReadOnly(
            `MATCH (n:${label}) WITH n.${property} AS name WHERE name IS NOT NULL AND name <> $example
             MATCH (m) WHERE m.name = name OR m.title = name WITH name, count(m) AS holders WHERE holders = 1 RETURN name ORDER BY name`,
            { example: p.example as string },
          );
          const names = rows.map((r) => String(r.name));
          for (let i = 0; i < OTHERS_PER_SLOT && names.length > 0; i++) {
            const other = names.splice(Math.floor(next() * names.length), 1)[0]!;
            const question = q.question.replace(String(p.example), other);
            const [reused, written] = await Promise.all([ask(withTemplates, question), ask(fromScratch, question)]);
            expect(reused.query.template_id, `${question} should reuse template ${q.id}`).toBe(q.id);
            expect(written.query.template_id).toBeNull();
            const values = (rows: Record<string, unknown>[]) => rows.map((r) => Object.values(r)[0]).map(String).sort();
            expect(values(reused.rows), `${question}\n template: ${reused.query.cypher}\n planner: ${written.query.cypher}`).toEqual(values(written.rows));
            checked++;
          }
        }
      }
      expect(checked).toBeGreaterThanOrEqual(templates.length);
    }, 240_000);
  });
}
