import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../support/app.js';
import { startTestApp } from '../../support/app.js';
import { uniqueName } from '../../support/config.js';
import { seedMovies } from '../../support/movies.js';
import { auth, baseUrl, executeAndSettle } from '../../support/runs.js';

/** A GET sent byte for byte as written (fetch and inject would normalize `..` away). */
function rawGet(t: TestApp, path: string, token: string): Promise<{ status: number; body: string }> {
  const { port } = t.app.server.address() as { port: number };
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method: 'GET', headers: auth(token) }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('workflows, tools, runs and their files over HTTP', () => {
  let t: TestApp;
  let curator: string;
  let user: string;
  let reviewer: string;
  let admin: string;
  const curatorSub = uniqueName('curator');
  let report: { runId: string; sessionId: string };

  const get = (url: string, token: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...auth(token), ...headers } });
  const execute = (token: string, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/v1/aim/workflows/execute', headers: auth(token), payload });

  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    await seedMovies(t.app.deps.graph);
    curator = await t.token(['curator'], curatorSub);
    user = await t.token(['user']);
    reviewer = await t.token(['reviewer']);
    admin = await t.token(['admin']);
    const done = await executeAndSettle(t, curator, { workflow: 'graph_report', input: { top_nodes: 3 } });
    done.stream.close();
    report = done;
  });
  afterAll(() => t.close());

  describe('registries', () => {
    it('lists workflows with their input schema, nodes and tools (any role)', async () => {
      const res = await get('/api/v1/aim/workflows', user);
      expect(res.statusCode).toBe(200);
      const ids = res.json().items.map((w: { id: string }) => w.id);
      expect(ids).toEqual(expect.arrayContaining(['graph_report', 'query_export']));
      const graphReport = res.json().items.find((w: { id: string }) => w.id === 'graph_report');
      expect(graphReport.input_schema).toMatchObject({ type: 'object', properties: { top_nodes: { type: 'integer', maximum: 50 } } });
      expect(graphReport.nodes.map((n: { id: string }) => n.id)).toEqual(['schema_summary', 'most_connected', 'chart', 'write_report']);
      expect(graphReport.tools).toEqual(['graph_schema', 'graph_most_connected', 'svg_bar_chart', 'file_write', 'markdown_render']);
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/aim/workflows' })).statusCode).toBe(401);
      expect((await get('/api/v1/aim/workflows', await t.token([]))).statusCode).toBe(403);
    });

    it('pages through workflows and tools with the one pagination shape', async () => {
      const first = await get('/api/v1/aim/tools?limit=3', user);
      expect(first.json().items).toHaveLength(3);
      const all = [...first.json().items];
      let cursor = first.json().next_cursor;
      while (cursor) {
        const next = await get(`/api/v1/aim/tools?limit=3&cursor=${cursor}`, user);
        all.push(...next.json().items);
        cursor = next.json().next_cursor;
      }
      const names = all.map((x: { name: string }) => x.name);
      expect(names).toEqual([...names].sort());
      expect(new Set(names).size).toBe(names.length);
      expect(names).toEqual(expect.arrayContaining(['cypher_read', 'file_write', 'graph_schema', 'template_load']));
      expect((await get('/api/v1/aim/tools?cursor=nonsense', user)).statusCode).toBe(400);
    });

    it('lists tools with input and output schemas and their workflows', async () => {
      const res = await get('/api/v1/aim/tools?limit=100', user);
      const fileWrite = res.json().items.find((x: { name: string }) => x.name === 'file_write');
      expect(fileWrite.input_schema).toMatchObject({ type: 'object', required: ['path', 'content'] });
      expect(fileWrite.output_schema.properties).toHaveProperty('sha256');
      expect(fileWrite.timeout_ms).toBe(t.config.limits.toolTimeoutMs);
      expect(fileWrite.workflows).toEqual(['ask', 'graph_report', 'query_export']);
    });

    it('lists the workflows using a tool; an unknown tool is a 404', async () => {
      const res = await get('/api/v1/aim/tools/cypher_read/workflows', user);
      expect(res.statusCode).toBe(200);
      expect(res.json().items.map((w: { id: string }) => w.id)).toEqual(['ask', 'query_export']);
      const unknown = await get('/api/v1/aim/tools/no_such_tool/workflows', user);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.headers['content-type']).toContain('application/problem+json');
    });
  });

  describe('execute', () => {
    it('is for curators and admins: 403 for users and reviewers', async () => {
      expect((await execute(user, { workflow: 'graph_report' })).statusCode).toBe(403);
      expect((await execute(reviewer, { workflow: 'graph_report' })).statusCode).toBe(403);
      expect((await execute(admin, { workflow: 'graph_report', input: {} })).statusCode).toBe(202);
    });

    it('400 naming the field for bad input, an unknown workflow, or an unknown key', async () => {
      const bad = await execute(curator, { workflow: 'graph_report', input: { top_nodes: 500 } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual([expect.objectContaining({ path: 'body.input.top_nodes' })]);
      const extra = await execute(curator, { workflow: 'graph_report', input: { tpo_nodes: 5 } });
      expect(extra.statusCode).toBe(400);
      expect(extra.json().detail).toContain('tpo_nodes');
      const both = await execute(curator, { workflow: 'query_export', input: { template_id: 1, cypher: 'RETURN 1' } });
      expect(both.json().errors).toEqual([expect.objectContaining({ path: 'body.input.cypher' })]);
      const neither = await execute(curator, { workflow: 'query_export', input: {} });
      expect(neither.json().errors).toEqual([expect.objectContaining({ path: 'body.input.template_id' })]);
      const unknown = await execute(curator, { workflow: 'nope', input: {} });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().errors).toEqual([{ path: 'body.workflow', message: 'unknown workflow' }]);
    });

    it('runs in a given session of the caller; someone else’s session is a 404', async () => {
      const session = (await t.app.inject({ method: 'POST', url: '/api/v1/chat', headers: auth(curator) })).json().session_id;
      const done = await executeAndSettle(t, curator, { workflow: 'graph_report', session_id: session });
      done.stream.close();
      expect(done.sessionId).toBe(session);
      const theirs = (await t.app.inject({ method: 'POST', url: '/api/v1/chat', headers: auth(user) })).json().session_id;
      expect((await execute(curator, { workflow: 'graph_report', session_id: theirs })).statusCode).toBe(404);
    });
  });

  describe('graph report', () => {
    it('succeeds with every step recorded and its events in order', async () => {
      const run = (await get(`/api/v1/runs/${report.runId}`, curator)).json();
      expect(run).toMatchObject({ status: 'succeeded', workflow: 'graph_report', owner: curatorSub, session_id: report.sessionId });
      expect(run.steps.map((s: { node: string; status: string }) => `${s.node}:${s.status}`)).toEqual([
        'schema_summary:succeeded',
        'most_connected:succeeded',
        'chart:succeeded',
        'write_report:succeeded',
      ]);
      expect(run.output).toMatchObject({ totals: { nodes: 10, relationships: 10 }, labels: 2, relationship_types: 2 });
      expect(run.output.files).toEqual(['report.md', 'data/graph-report.json', 'charts/nodes-per-label.svg']);

      const events = (await get(`/api/v1/chat/${report.sessionId}/events?limit=100&run_id=${report.runId}`, curator)).json().items;
      const kinds = events.map((e: { event: string; data: { node?: string; tool_name?: string } }) =>
        e.event === 'tool_executed' ? `tool:${e.data.tool_name}` : e.data.node ? `${e.event}:${e.data.node}` : e.event,
      );
      expect(kinds).toEqual([
        'run_queued',
        'run_started',
        'step_started:schema_summary',
        'tool:graph_schema',
        'step_completed:schema_summary',
        'step_started:most_connected',
        'tool:graph_most_connected',
        'step_completed:most_connected',
        'step_started:chart',
        'tool:svg_bar_chart',
        'tool:file_write',
        'step_completed:chart',
        'step_started:write_report',
        'tool:markdown_render',
        'tool:file_write',
        'tool:file_write',
        'step_completed:write_report',
        'run_completed',
      ]);
      const stepStarted = events.find((e: { event: string }) => e.event === 'step_started');
      expect(stepStarted.data).toMatchObject({ node: 'schema_summary', run_id: report.runId });
      const stepCompleted = events.find((e: { event: string }) => e.event === 'step_completed');
      expect(stepCompleted.data).toMatchObject({ node: 'schema_summary', query_type: 'none' });
      const tool = events.find((e: { event: string }) => e.event === 'tool_executed');
      expect(tool.data).toMatchObject({ tool_name: 'graph_schema', success: true });
      expect(tool.data.duration_ms).toBeGreaterThanOrEqual(0);
    });

    it('lists its files with type, size and checksum', async () => {
      const res = await get(`/api/v1/runs/${report.runId}/files`, curator);
      expect(res.statusCode).toBe(200);
      expect(res.json().items.map((f: { path: string; content_type: string }) => `${f.path} ${f.content_type}`)).toEqual([
        'charts/nodes-per-label.svg image/svg+xml',
        'data/graph-report.json application/json',
        'report.md text/markdown; charset=utf-8',
      ]);
      for (const file of res.json().items) {
        expect(file.size).toBeGreaterThan(0);
        expect(file.sha256).toMatch(/^[0-9a-f]{64}$/);
      }
      const page = await get(`/api/v1/runs/${report.runId}/files?limit=2`, curator);
      const rest = await get(`/api/v1/runs/${report.runId}/files?limit=2&cursor=${page.json().next_cursor}`, curator);
      expect(rest.json()).toEqual({ items: [expect.objectContaining({ path: 'report.md' })], next_cursor: null });
    });

    it('downloads a file with its type, as an attachment, with an ETag and nosniff; If-None-Match gives 304', async () => {
      const res = await get(`/api/v1/runs/${report.runId}/download/report.md`, curator);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/markdown; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="report.md"');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.body).toContain('# Knowledge graph report');
      expect(res.body).toContain('Tom Hanks');
      const files = (await get(`/api/v1/runs/${report.runId}/files`, curator)).json().items;
      const md = files.find((f: { path: string }) => f.path === 'report.md');
      expect(res.headers.etag).toBe(`"${md.sha256}"`);
      expect(Number(res.headers['content-length'])).toBe(md.size);
      const again = await get(`/api/v1/runs/${report.runId}/download/report.md`, curator, { 'if-none-match': res.headers.etag as string });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      const nested = await get(`/api/v1/runs/${report.runId}/download/data/graph-report.json`, curator);
      expect(nested.json()).toMatchObject({ totals: { nodes: 10 }, most_connected: expect.arrayContaining([expect.objectContaining({ name: 'Tom Hanks', degree: 4 })]) });
    });

    it('previews the SVG as an image, JSON pretty, Markdown as text', async () => {
      const svg = (await get(`/api/v1/runs/${report.runId}/preview/charts/nodes-per-label.svg`, curator)).json();
      expect(svg).toMatchObject({ path: 'charts/nodes-per-label.svg', content_type: 'image/svg+xml', preview: { kind: 'image' } });
      expect(svg.preview.data_url).toMatch(/^data:image\/svg\+xml;base64,/);
      const json = (await get(`/api/v1/runs/${report.runId}/preview/data/graph-report.json`, curator)).json();
      expect(json.preview).toMatchObject({ kind: 'json', truncated: false });
      const md = (await get(`/api/v1/runs/${report.runId}/preview/report.md`, curator)).json();
      expect(md.preview).toMatchObject({ kind: 'text', truncated: false });
    });

    it('is visible to its owner and admins; anyone else gets 404 for the run and its files', async () => {
      expect((await get(`/api/v1/runs/${report.runId}`, admin)).statusCode).toBe(200);
      expect((await get(`/api/v1/runs/${report.runId}/download/report.md`, admin)).statusCode).toBe(200);
      const otherCurator = await t.token(['curator']);
      for (const url of ['', '/files', '/download/report.md', '/preview/report.md']) {
        const res = await get(`/api/v1/runs/${report.runId}${url}`, otherCurator);
        expect(res.statusCode, url).toBe(404);
      }
      expect((await get('/api/v1/runs/00000000-0000-4000-8000-000000000000', curator)).statusCode).toBe(404);
      expect((await get('/api/v1/runs/not-a-uuid', curator)).statusCode).toBe(400);
    });

    it('a user reads the runs of their own session (an admin ran there); other users get 404', async () => {
      const userSub = uniqueName('user');
      const owner = await t.token(['user'], userSub);
      const session = (await t.app.inject({ method: 'POST', url: '/api/v1/chat', headers: auth(owner) })).json().session_id;
      const done = await executeAndSettle(t, admin, { workflow: 'graph_report', session_id: session });
      done.stream.close();
      expect((await get(`/api/v1/runs/${done.runId}`, owner)).json()).toMatchObject({ status: 'succeeded', session_id: session });
      expect((await get(`/api/v1/runs/${done.runId}/files`, owner)).json().items).toHaveLength(3);
      expect((await get(`/api/v1/runs/${done.runId}/download/report.md`, owner)).statusCode).toBe(200);
      expect((await get(`/api/v1/runs/${done.runId}/preview/report.md`, owner)).statusCode).toBe(200);
      expect((await get(`/api/v1/runs/${done.runId}/download/report.md`, user)).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'POST', url: `/api/v1/runs/${done.runId}/cancel`, headers: auth(user) })).statusCode).toBe(404);
    });

    it('refuses unsafe paths with 400 and unknown ones with 404, sent byte for byte', async () => {
      const base = `/api/v1/runs/${report.runId}`;
      const unsafe = [
        '../report.md',
        '..',
        'data/../report.md',
        '%2e%2e/report.md',
        '%2E%2E%2Freport.md',
        '..%2freport.md',
        '..%2Freport.md',
        '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
        '%252e%252e%252freport.md',
        '%2Fetc%2Fpasswd',
        '%2F%2Fserver%2Fshare',
        'C:%5Cwindows',
        'data%5Cgraph-report.json',
        '..%5Creport.md',
        'report.md%00',
        '%00',
        'report.md%00.png',
        'data//graph-report.json',
        './report.md',
        `..%2F..%2F${report.runId}%2Freport.md`,
        '%C0%AE%C0%AE%2Freport.md',
        '%EF%BC%8E%EF%BC%8E%EF%BC%8Freport.md',
        // A dot, a slash or a backslash percent-encoded inside a safe path: one spelling per file.
        'data%2Fgraph-report.json',
        'data%2fgraph-report.json',
        'report%2emd',
        'report%2Emd',
        'data%5cgraph-report.json',
      ];
      for (const path of unsafe) {
        for (const kind of ['download', 'preview']) {
          const res = await rawGet(t, `${base}/${kind}/${path}`, curator);
          expect([400], `${kind}/${path} → ${res.status} ${res.body}`).toContain(res.status);
          expect(JSON.parse(res.body).type, `${kind}/${path} → ${res.body}`).toMatch(/^urn:cqks:problem:/);
        }
      }
      for (const path of ['missing.md', 'data/missing.json', 'Report.md', 'report.md.bak', 'charts']) {
        expect((await rawGet(t, `${base}/download/${path}`, curator)).status, path).toBe(404);
        expect((await rawGet(t, `${base}/preview/${path}`, curator)).status, path).toBe(404);
      }
      // The same files, spelled as they are, are served.
      expect((await rawGet(t, `${base}/download/data/graph-report.json`, curator)).status).toBe(200);
      expect((await rawGet(t, `${base}/preview/report.md`, curator)).status).toBe(200);
      // A query string is not part of the path: an encoded slash there is no concern of this rule.
      expect((await rawGet(t, `${base}/download/report.md?x=%2f`, curator)).status).toBe(200);
      // Through a real client too.
      const viaFetch = await fetch(`${baseUrl(t)}${base}/download/%2e%2e%2freport.md`, { headers: auth(curator) });
      expect(viaFetch.status).toBe(400);
    });

    it('no path reaches another run’s files', async () => {
      const other = await executeAndSettle(t, curator, { workflow: 'query_export', input: { cypher: 'MATCH (p:Person) RETURN p.name AS name', name: 'people' } });
      other.stream.close();
      expect((await get(`/api/v1/runs/${other.runId}/download/people.csv`, curator)).statusCode).toBe(200);
      expect((await get(`/api/v1/runs/${report.runId}/download/people.csv`, curator)).statusCode).toBe(404);
      expect((await rawGet(t, `/api/v1/runs/${report.runId}/download/..%2F${other.runId}%2Fpeople.csv`, curator)).status).toBe(400);
    });
  });

  describe('query export', () => {
    it('exports a read-only query as CSV and JSON', async () => {
      const done = await executeAndSettle(t, curator, {
        workflow: 'query_export',
        input: { cypher: 'MATCH (m:Movie) WHERE m.released < $year RETURN m.title AS title, m.released AS year ORDER BY year', parameters: { year: 1999 } },
      });
      done.stream.close();
      expect(done.settled.event).toBe('run_completed');
      expect(done.settled.data.data.output).toMatchObject({ files: ['export.csv', 'export.json'], row_count: 3, truncated: false, template_id: null });
      const csv = await get(`/api/v1/runs/${done.runId}/download/export.csv`, curator);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.body).toBe('title,year\r\nJoe Versus the Volcano,1990\r\nSleepless in Seattle,1993\r\nYou\'ve Got Mail,1998\r\n');
      const preview = (await get(`/api/v1/runs/${done.runId}/preview/export.csv`, curator)).json().preview;
      expect(preview).toEqual({ kind: 'csv', columns: ['title', 'year'], rows: [['Joe Versus the Volcano', '1990'], ['Sleepless in Seattle', '1993'], ["You've Got Mail", '1998']], truncated: false });
      const json = (await get(`/api/v1/runs/${done.runId}/download/export.json`, curator)).json();
      expect(json).toMatchObject({ query: { parameters: { year: 1999 } }, columns: ['title', 'year'], row_count: 3 });
    });

    it('runs an approved template with parameters, and says when rows were cut', async () => {
      const recorded = await t.app.services.templates.record({
        question: 'Which movies did Tom Hanks act in?',
        cypher: "MATCH (p:Person {name: 'Tom Hanks'})-[:ACTED_IN]->(m:Movie) RETURN m.title AS title ORDER BY title",
        createdBy: 'alice',
      });
      if (recorded.outcome === 'reused') throw new Error('expected a new query');
      const template = await t.app.services.queries.approve(recorded.query.id, 'curator');
      const param = template.template!.parameters[0]!.name;
      const done = await executeAndSettle(t, curator, {
        workflow: 'query_export',
        input: { template_id: template.id, parameters: { [param]: 'Meg Ryan' }, max_rows: 2, name: 'meg' },
      });
      done.stream.close();
      expect(done.settled.data.data.output).toMatchObject({ row_count: 2, truncated: true, template_id: template.id });
      const csv = await get(`/api/v1/runs/${done.runId}/download/meg.csv`, curator);
      expect(csv.body).toBe('title\r\nJoe Versus the Volcano\r\nSleepless in Seattle\r\n');
      const steps = (await get(`/api/v1/runs/${done.runId}`, curator)).json().steps;
      expect(steps.map((s: { query_type: string }) => s.query_type)).toEqual(['template', 'template', 'none']);

      const wrong = await executeAndSettle(t, curator, { workflow: 'query_export', input: { template_id: template.id, parameters: { nope: 1 } } });
      wrong.stream.close();
      expect(wrong.settled.event).toBe('run_failed');
      expect(wrong.settled.data.data).toMatchObject({ code: 'tool_failed', node: 'prepare' });
      expect(wrong.settled.data.data.message).toContain('no parameter nope');
    });

    it('a writing query fails the run with the read-only refusal; the session shows failed', async () => {
      const done = await executeAndSettle(t, curator, { workflow: 'query_export', input: { cypher: "MATCH (p:Person) SET p.name = 'x' RETURN p" } });
      done.stream.close();
      expect(done.settled.event).toBe('run_failed');
      expect(done.settled.data.data).toMatchObject({ code: 'tool_failed', node: 'execute' });
      const tool = (await get(`/api/v1/chat/${done.sessionId}/events?kind=tool_executed`, curator)).json().items;
      expect(tool.map((e: { data: object }) => e.data)).toEqual([
        expect.objectContaining({ tool_name: 'cypher_read', success: false, error: expect.stringContaining('read-only') }),
      ]);
      const status = (await get(`/api/v1/chat/${done.sessionId}/status`, curator)).json();
      expect(status).toMatchObject({ state: 'failed', current_run_id: null });
      const run = (await get(`/api/v1/runs/${done.runId}`, curator)).json();
      expect(run.steps.map((s: { status: string }) => s.status)).toEqual(['succeeded', 'failed', 'pending']);
      const names = (await t.app.deps.graph.runReadOnly("MATCH (p:Person {name: 'x'}) RETURN count(p) AS n")).rows[0];
      expect(names).toEqual({ n: 0 });
    });
  });
});
