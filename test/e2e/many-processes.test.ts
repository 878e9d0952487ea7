import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { neo4jUnavailableReason, startNeo4j, type RunningNeo4j } from '../../scripts/neo4j-launcher.js';
import { demoGraph } from '../../src/demo/graph.js';
import { DEMO_TEMPLATES } from '../../src/demo/templates.js';
import { signDevToken } from '../../src/platform/auth/dev-keys.js';
import { dropSchema, testConfig, uniqueName } from '../support/config.js';
import { DEMO_QUESTIONS, type DemoQuestion } from '../support/demo-questions.js';
import { multipartBody } from '../support/documents.js';
import { openEventStream, type StreamClient } from '../support/event-stream.js';
import { parseExposition, valueOf } from '../support/prometheus.js';
import { untilBlocked } from '../support/killable-deployment.js';
import { startServiceProcess, type ServiceProcess } from '../support/service-process.js';

/**
 * Three processes of the real service on one PostgreSQL (one schema), one Neo4j (a server of
 * this test's own, since it ingests a document) and one Redis behave as one service: a front
 * without a worker (RUN_CONCURRENCY=0) and two workers. Questions asked through the front are
 * answered by a worker with the verified values; streams, run files, rate limits and template
 * changes cross processes; a worker killed (-9) during chat runs or during an ingestion leaves
 * its work to the other, which finishes it once.
 */

const skipped = !process.env.DATABASE_URL || !process.env.REDIS_URL ? 'needs DATABASE_URL and REDIS_URL' : neo4jUnavailableReason();
const ROWS = 2000;
const CSV = ['id,name,type,rank', ...Array.from({ length: ROWS }, (_, i) => `m${i},Member ${i},Member,${i}`)].join('\n');
const CHAT_CREATES_PER_MINUTE = 6;

/** Questions no demo template answers, one of each of several kinds. */
const templateQuestions = new Set(DEMO_TEMPLATES.map((t) => t.question));
const QUESTIONS = ['lookup', 'list', 'count', 'aggregate', 'path', 'property'].map((kind) => DEMO_QUESTIONS.find((q) => q.kind === kind && !templateQuestions.has(q.question))!);

interface Answer {
  columns: string[];
  rows: Record<string, unknown>[];
  query: { cypher: string; template_id: number | null };
}

function expectAnswer(answer: Answer, q: DemoQuestion) {
  const values = answer.rows.map((r) => r[answer.columns[0]!]);
  const context = `${q.question}\n${answer.query.cypher}`;
  const sorted = (list: unknown[]) => list.map((v) => JSON.stringify(v)).sort();
  if ('values' in q.expected) expect(sorted(values), context).toEqual(sorted(q.expected.values));
  else if ('value' in q.expected) expect(values[0], context).toEqual(q.expected.value);
  else expect(values[0], context).toEqual(q.expected.path);
}

/**
 * A kill test waits for a lease to run out and a takeover, and starts a new process: on a machine
 * loaded by the rest of the suite that took from 4 s to past the default 30 s (seen in CI).
 */
const KILL_TEST_MS = 120_000;

describe.skipIf(skipped)(`three service processes on one PostgreSQL, Neo4j and Redis${skipped ? ` (skipped: ${skipped})` : ''}`, () => {
  const schema = uniqueName('t');
  let dataDir: string;
  let neo4jDir: string;
  let neo4j: RunningNeo4j;
  let db: pg.Client;
  let front: ServiceProcess;
  let workers: ServiceProcess[];
  const all = () => [front, ...workers];

  const start = (env: Record<string, string> = {}) =>
    startServiceProcess({
      DATA_DIR: dataDir, // shared: the same development signing key for every process
      DATABASE_URL: process.env.DATABASE_URL,
      DATABASE_SCHEMA: schema,
      REDIS_URL: process.env.REDIS_URL,
      REDIS_KEY_PREFIX: `${schema}:`,
      NEO4J_URI: neo4j.uri,
      DEMO_DATA: 'true',
      RUN_CONCURRENCY: '2',
      // Short enough for quick takeovers, long enough that a worker starved by the rest of the suite keeps its own lease.
      JOB_LEASE_MS: '5000',
      JOB_POLL_INTERVAL_MS: '200',
      RATE_LIMIT_CHAT_CREATE_PER_MINUTE: String(CHAT_CREATES_PER_MINUTE),
      RATE_LIMIT_CHAT_MESSAGE_PER_MINUTE: '10000',
      INGEST_WRITE_BATCH: '25', // the write step takes long enough to be killed in the middle of it
      METRICS_PORT: '0',
      ...env,
    });

  const token = async (sub: string, roles: ('user' | 'curator' | 'admin')[]) => ({
    authorization: `Bearer ${await signDevToken({ dataDir, audience: 'cqks-api', sub, roles })}`,
  });
  const call = async (on: ServiceProcess, method: string, url: string, headers: Record<string, string>, body?: object) => {
    const res = await fetch(`${on.url}/api/v1${url}`, {
      method,
      headers: body ? { ...headers, 'content-type': 'application/json' } : headers,
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, text, json: () => JSON.parse(text) as Record<string, unknown> & { items: Record<string, unknown>[] } };
  };
  const newSession = async (on: ServiceProcess, auth: Record<string, string>) => {
    const created = await call(on, 'POST', '/chat', auth);
    expect(created.status, created.text).toBe(201);
    return String(created.json().session_id);
  };
  const follow = (on: ServiceProcess, sessionId: string, auth: Record<string, string>) => openEventStream(`${on.url}/api/v1/chat/${sessionId}/stream`, auth, 'ndjson');
  const ask = async (sessionId: string, content: string, auth: Record<string, string>) => {
    const asked = await call(front, 'POST', `/chat/${sessionId}/message`, auth, { content });
    expect(asked.status, asked.text).toBe(202);
    return String(asked.json().run_id);
  };
  const settled = async (stream: StreamClient, runId: string) =>
    (await stream.waitForEvent((e) => e.data.run_id === runId && ['run_completed', 'run_failed', 'run_awaiting_input'].includes(e.event), 60_000)).event;
  const answerOf = async (on: ServiceProcess, runId: string, auth: Record<string, string>) => (await call(on, 'GET', `/runs/${runId}/download/answer.json`, auth)).json() as unknown as Answer;
  /** The worker that finished `runId`: the one that logs it (the others never will). */
  const ranBy = (runId: string) => {
    const succeeded = (line: string) => line.includes(`"run_id":"${runId}"`) && line.includes('"msg":"run succeeded"');
    return Promise.any(workers.map(async (w) => (await w.waitForLog(succeeded), w)));
  };
  const ownerOf = (p: ServiceProcess) => `:${p.child.pid}:`;
  const attemptsOf = async (runIds: string[]) =>
    (await db.query<{ attempts: number }>('SELECT attempts FROM jobs WHERE ref_id = ANY($1) ORDER BY ref_id', [runIds])).rows.map((r) => Number(r.attempts));
  /** Why a job took the attempts it did, should a test find more than it expects: its last error and what the processes warned of. */
  const storyOf = async (runIds: string[]) => {
    const jobs = (await db.query('SELECT id, ref_id, status, attempts, last_error FROM jobs WHERE ref_id = ANY($1)', [runIds])).rows;
    const ids = jobs.flatMap((j: { id: string; ref_id: string }) => [j.id, j.ref_id]);
    const warned = all().flatMap((p) => p.logs.filter((line) => /"level":(40|50|60)/.test(line) && ids.some((id) => line.includes(id))).map((line) => `${p.child.pid}: ${line}`));
    return JSON.stringify(jobs) + '\n' + warned.join('\n');
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'cqks-many-'));
    neo4jDir = await mkdtemp(path.join(tmpdir(), 'cqks-many-neo4j-'));
    neo4j = await startNeo4j({ dataDir: neo4jDir });
    db = new pg.Client({ connectionString: process.env.DATABASE_URL, options: `-c search_path=${schema}` });
    await db.connect();
    // All at once, on an empty graph: each loads the demo, one claims its templates.
    [front, ...workers] = await Promise.all([start({ RUN_CONCURRENCY: '0' }), start(), start()]);
    // Each reads the graph's schema once it listens; the tests time questions, not that read.
    await Promise.all(workers.map((w) => w.waitForLog((line) => line.includes('graph schema and lexicon read'), 120_000)));
  }, 240_000);
  afterAll(async () => {
    await Promise.all((front ? all() : []).map((p) => p.kill()));
    await db?.end();
    await neo4j?.stop();
    await dropSchema(testConfig(dataDir, { DATABASE_URL: process.env.DATABASE_URL, DATABASE_SCHEMA: schema }));
    await Promise.all([dataDir, neo4jDir].filter(Boolean).map((d) => rm(d, { recursive: true, force: true })));
  });

  it('loaded the demo once: the whole graph, its templates once, none of them reused', async () => {
    const curator = await token('many-curator', ['curator']);
    const approved = (await call(workers[1]!, 'GET', '/aim/queries/approved?limit=100', curator)).json().items as { template: { reuse_count: number } }[];
    expect(approved).toHaveLength(DEMO_TEMPLATES.length);
    for (const t of approved) expect(t.template.reuse_count).toBe(0);
    const counted = await call(front, 'POST', '/aim/queries/test-cypher', curator, { cypher: 'MATCH (n:_CqksEntity) RETURN count(n) AS n' });
    expect(counted.json().rows).toEqual([{ n: new Set(demoGraph().nodes.map((n) => n.key)).size }]);
  });

  it('answers a question asked through the front on a worker, with the verified values; the stream and the files cross processes', async () => {
    const auth = await token('many-asker', ['user']);
    const sessions = await Promise.all(QUESTIONS.slice(0, 3).map(() => newSession(front, auth)));
    const streams = await Promise.all(sessions.map((s, i) => follow(workers[i % 2]!, s, auth)));
    try {
      for (let round = 0; round < 2; round++) {
        const runs = await Promise.all(sessions.map((s, i) => ask(s, QUESTIONS[round * 3 + i]!.question, auth)));
        expect(await Promise.all(runs.map((r, i) => settled(streams[i]!, r)))).toEqual(runs.map(() => 'run_completed'));
        for (const [i, runId] of runs.entries()) {
          expect(front.logs.some((line) => line.includes(runId) && line.includes('run succeeded'))).toBe(false);
          await ranBy(runId);
          expectAnswer(await answerOf(workers[(i + 1) % 2]!, runId, auth), QUESTIONS[round * 3 + i]!);
        }
      }
    } finally {
      streams.forEach((s) => s.close());
    }
  });

  it('counts a rate limit across processes', async () => {
    const auth = await token('many-rate', ['user']);
    for (let i = 0; i < CHAT_CREATES_PER_MINUTE; i++) expect((await call(all()[i % 3]!, 'POST', '/chat', auth)).status).toBe(201);
    for (const p of all()) expect((await call(p, 'POST', '/chat', auth)).status).toBe(429);
  });

  it('uses a template approved through one process in every other, and stops when it is deleted through another', async () => {
    const auth = await token('many-curious', ['user']);
    const curator = await token('many-curator', ['curator']);
    const admin = await token('many-admin', ['admin']);
    const q = QUESTIONS[1]!;
    const sessionId = await newSession(front, auth);
    const stream = await follow(workers[0]!, sessionId, auth);
    try {
      const first = await ask(sessionId, q.question, auth);
      expect(await settled(stream, first)).toBe('run_completed');
      expect((await answerOf(front, first, auth)).query.template_id).toBeNull();
      const pending = (await call(workers[1]!, 'GET', `/aim/queries/pending?session_id=${sessionId}&limit=10`, curator)).json().items;
      expect(pending).toHaveLength(1);
      const id = Number(pending[0]!.id);
      // Approved through the front: the notice reaches the workers before the next run's, which is committed after it.
      expect((await call(front, 'POST', `/aim/queries/${id}/approve`, curator)).status).toBe(200);
      for (let i = 0; i < 2; i++) {
        const again = await ask(sessionId, q.question, auth);
        expect(await settled(stream, again)).toBe('run_completed');
        const answer = await answerOf(front, again, auth);
        expect(answer.query.template_id, `run ${again} on ${(await ranBy(again)).child.pid}`).toBe(id);
        expectAnswer(answer, q);
      }
      expect((await call(workers[1]!, 'DELETE', `/aim/queries/${id}`, admin)).status).toBe(204);
      const after = await ask(sessionId, q.question, auth);
      expect(await settled(stream, after)).toBe('run_completed');
      const answer = await answerOf(workers[0]!, after, auth);
      expect(answer.query.template_id).toBeNull();
      expectAnswer(answer, q);
    } finally {
      stream.close();
    }
  });

  it('finishes, on the other worker, the chat runs of a worker killed in the middle of them: each answered once', async () => {
    const auth = await token('many-killed', ['user']);
    const asked = QUESTIONS.slice(2, 6);
    const sessions = await Promise.all(asked.map(() => newSession(front, auth)));
    const streams = await Promise.all(sessions.map((s) => follow(front, s, auth)));
    try {
      // Run files cannot be written while the test holds this lock: each run stops in its answer step.
      await db.query('BEGIN');
      await db.query('LOCK TABLE run_file_chunks IN SHARE MODE');
      const runs = await Promise.all(sessions.map((s, i) => ask(s, asked[i]!.question, auth)));
      await untilBlocked(db, runs.length, 30_000); // every run is in its answer step
      const [victim, survivor] = workers as [ServiceProcess, ServiceProcess];
      const leased = (await db.query<{ ref_id: string; lease_owner: string }>(`SELECT ref_id, lease_owner FROM jobs WHERE ref_id = ANY($1) AND status = 'leased'`, [runs])).rows;
      const victimRuns = leased.filter((j) => j.lease_owner.includes(ownerOf(victim))).map((j) => j.ref_id);
      expect(victimRuns).toHaveLength(2); // two places each: both workers hold two
      await victim.kill();
      await db.query('ROLLBACK');

      expect(await Promise.all(runs.map((r, i) => settled(streams[i]!, r)))).toEqual(runs.map(() => 'run_completed'));
      for (const [i, runId] of runs.entries()) {
        const events = (await call(front, 'GET', `/chat/${sessions[i]}/events?run_id=${runId}&limit=100`, auth)).json().items.map((e) => String(e.event));
        expect(events.filter((e) => e === 'answer_ready'), events.join(' ')).toHaveLength(1);
        expect(events.filter((e) => e === 'run_completed')).toHaveLength(1);
        expectAnswer(await answerOf(survivor, runId, auth), asked[i]!);
        const history = (await call(front, 'GET', `/chat/${sessions[i]}/history`, auth)).json().items.filter((m) => m.role === 'assistant' && m.run_id === runId);
        expect(history).toHaveLength(1);
      }
      expect(await attemptsOf(victimRuns), await storyOf(victimRuns)).toEqual([2, 2]); // the killed worker's runs, taken over once each
      workers = [survivor, await start()];
    } finally {
      streams.forEach((s) => s.close());
      await db.query('ROLLBACK').catch(() => undefined);
    }
  }, KILL_TEST_MS);

  it('finishes, on the other worker, an ingestion whose worker was killed: the whole version in the graph, nothing twice', async () => {
    const admin = await token('many-admin', ['admin']);
    const { body, contentType } = multipartBody([{ fileName: 'members.csv', content: CSV }]);
    const uploaded = await fetch(`${front.url}/api/v1/documents/upload`, { method: 'POST', headers: { ...admin, 'content-type': contentType }, body });
    expect(uploaded.status).toBe(201);
    const docId = ((await uploaded.json()) as { items: { doc_id: string }[] }).items[0]!.doc_id;
    expect((await call(workers[0]!, 'POST', `/documents/${docId}/approve`, admin)).status).toBe(200);
    const started = await call(front, 'POST', `/documents/${docId}/ingest`, admin);
    expect(started.status, started.text).toBe(202);
    const { session_id: sessionId, run_id: runId } = started.json() as unknown as { session_id: string; run_id: string };

    const stream = await follow(front, sessionId, admin);
    try {
      await stream.waitForEvent((e) => e.event === 'ingestion_progress' && e.data.data.stage === 'writing' && Number(e.data.data.done) > 0, 60_000);
      const owner = (await db.query<{ lease_owner: string }>('SELECT lease_owner FROM jobs WHERE ref_id = $1', [runId])).rows[0]?.lease_owner ?? '';
      const victim = workers.find((w) => owner.includes(ownerOf(w)));
      expect(victim, `the ingestion is leased by ${owner}`).toBeDefined();
      await victim!.kill();
      expect(await settled(stream, runId)).toBe('run_completed');
    } finally {
      stream.close();
    }
    expect(await attemptsOf([runId]), await storyOf([runId])).toEqual([2]); // taken over once
    // The survivor counts the takeover in its metrics.
    const survivor = await ranBy(runId);
    const scraped = parseExposition(await (await fetch(survivor.metricsUrl!)).text());
    expect(valueOf(scraped, 'cqks_job_takeovers_total', { kind: 'workflow_run' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(scraped, 'cqks_ingestions_total', { outcome: 'ingested' })).toBe(1);
    const doc = (await call(front, 'GET', `/documents/${docId}`, admin)).json() as unknown as { ingestion: { state: string; live_version: number | null } };
    expect(doc.ingestion).toMatchObject({ state: 'ingested', live_version: 1 });
    const count = async (cypher: string) => (await call(front, 'POST', '/aim/queries/test-cypher', admin, { cypher })).json().rows;
    expect(await count('MATCH (m:Member) RETURN count(m) AS n, count(DISTINCT m.name) AS names')).toEqual([{ n: ROWS, names: ROWS }]);
    expect(await count('MATCH (:Document)-[r:MENTIONS]->(:Member) RETURN count(r) AS n')).toEqual([{ n: ROWS }]);
  }, KILL_TEST_MS);
});
