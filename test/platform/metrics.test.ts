import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TEMPLATES } from '../../src/demo/templates.js';
import { signDevToken } from '../../src/platform/auth/dev-keys.js';
import { DEMO_QUESTIONS } from '../support/demo-questions.js';
import { multipartBody } from '../support/documents.js';
import { openEventStream } from '../support/event-stream.js';
import { parseExposition, valueOf, type Sample } from '../support/prometheus.js';
import { startServiceProcess, type ServiceProcess } from '../support/service-process.js';

/**
 * The metrics an operator scrapes, from a real service process on the embedded stores: served on
 * a listener of their own (loopback, not the API's port), and moving after a chat, an ingestion,
 * a 429 and a 401, with label values from closed sets only.
 */

const CHAT_CREATES_PER_MINUTE = 2;
const FAILED_AUTHENTICATIONS_PER_MINUTE = 5;
const ROWS = 20;
const CSV = ['id,name,type', ...Array.from({ length: ROWS }, (_, i) => `w${i},Watcher ${i},Watcher`)].join('\n');
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

describe('Prometheus metrics of a running service', () => {
  let dataDir: string;
  let service: ServiceProcess;
  let metricsUrl: string;
  const question = DEMO_QUESTIONS.find((q) => q.kind === 'list' && !DEMO_TEMPLATES.some((t) => t.question === q.question))!;

  const token = async (sub: string, roles: ('user' | 'admin')[]) => ({
    authorization: `Bearer ${await signDevToken({ dataDir, audience: 'cqks-api', sub, roles })}`,
  });
  const api = (url: string, init: RequestInit = {}) => fetch(`${service.url}/api/v1${url}`, init);
  const scrape = async (): Promise<{ text: string; samples: Sample[] }> => {
    const res = await fetch(metricsUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    return { text, samples: parseExposition(text) };
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'cqks-metrics-'));
    service = await startServiceProcess({
      DATA_DIR: dataDir,
      DATABASE_URL: undefined,
      REDIS_URL: undefined,
      NEO4J_URI: undefined,
      DEMO_DATA: 'true',
      METRICS_PORT: '0',
      JOB_POLL_INTERVAL_MS: '200',
      RATE_LIMIT_CHAT_CREATE_PER_MINUTE: String(CHAT_CREATES_PER_MINUTE),
      RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: String(FAILED_AUTHENTICATIONS_PER_MINUTE),
    });
    const ready = await service.waitForLog((line) => line.includes('"msg":"ready"'));
    metricsUrl = String((JSON.parse(ready) as { metrics?: string }).metrics);
  }, 120_000);
  afterAll(async () => {
    await service?.kill();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('listens on loopback apart from the API, which does not serve them', async () => {
    expect(metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    expect(new URL(metricsUrl).port).not.toBe(new URL(service.url).port);
    expect((await fetch(`${service.url}/metrics`)).status).not.toBe(200);
    expect((await fetch(metricsUrl.replace('/metrics', '/other'))).status).toBe(404);
    const { samples } = await scrape();
    // The process's own: event-loop lag and heap.
    expect(valueOf(samples, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(valueOf(samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('count a chat, an ingestion, a 429 and a 401, with label values from closed sets', async () => {
    const before = (await scrape()).samples;
    const user = await token('metrics-user', ['user']);
    const admin = await token('metrics-admin', ['admin']);

    // A chat answered by the planner.
    const created = await api('/chat', { method: 'POST', headers: user });
    expect(created.status).toBe(201);
    const sessionId = ((await created.json()) as { session_id: string }).session_id;
    const stream = await openEventStream(`${service.url}/api/v1/chat/${sessionId}/stream`, user, 'ndjson');
    try {
      const asked = await api(`/chat/${sessionId}/message`, { method: 'POST', headers: { ...user, 'content-type': 'application/json' }, body: JSON.stringify({ content: question.question }) });
      expect(asked.status).toBe(202);
      const runId = ((await asked.json()) as { run_id: string }).run_id;
      expect((await stream.waitForEvent((e) => e.data.run_id === runId && e.event.startsWith('run_') && e.event !== 'run_started' && e.event !== 'run_queued', 60_000)).event).toBe('run_completed');
    } finally {
      stream.close();
    }

    // An ingestion of a small CSV.
    const { body, contentType } = multipartBody([{ fileName: 'watchers.csv', content: CSV }]);
    const uploaded = await api('/documents/upload', { method: 'POST', headers: { ...admin, 'content-type': contentType }, body });
    expect(uploaded.status).toBe(201);
    const docId = ((await uploaded.json()) as { items: { doc_id: string }[] }).items[0]!.doc_id;
    expect((await api(`/documents/${docId}/approve`, { method: 'POST', headers: admin })).status).toBe(200);
    const started = await api(`/documents/${docId}/ingest`, { method: 'POST', headers: admin });
    expect(started.status).toBe(202);
    const { session_id: ingestSession, run_id: ingestRun } = (await started.json()) as { session_id: string; run_id: string };
    const ingestStream = await openEventStream(`${service.url}/api/v1/chat/${ingestSession}/stream`, admin, 'ndjson');
    try {
      expect((await ingestStream.waitForEvent((e) => e.data.run_id === ingestRun && ['run_completed', 'run_failed'].includes(e.event), 60_000)).event).toBe('run_completed');
    } finally {
      ingestStream.close();
    }

    // A 429 of the per-route limit (one chat was created above), 401s, then the failed-authentication limit's 429.
    for (let i = 1; i < CHAT_CREATES_PER_MINUTE; i++) expect((await api('/chat', { method: 'POST', headers: user })).status).toBe(201);
    expect((await api('/chat', { method: 'POST', headers: user })).status).toBe(429);
    expect((await api('/chat/history')).status).toBe(401);
    // Every 401 from this address counts (the other test's too): bad tokens until the limit answers 429.
    let badTokens = 0;
    for (let status = 401; status === 401; badTokens++) {
      status = (await api('/chat/history', { headers: { authorization: 'Bearer not.a.token' } })).status;
      expect([401, 429]).toContain(status);
      expect(badTokens).toBeLessThan(FAILED_AUTHENTICATIONS_PER_MINUTE);
    }

    const { text, samples: after } = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) => valueOf(after, name, labels) - valueOf(before, name, labels);

    // HTTP, by route template.
    expect(moved('cqks_http_request_duration_seconds_count', { method: 'POST', route: '/api/v1/chat', status_code: '201' })).toBe(CHAT_CREATES_PER_MINUTE);
    expect(moved('cqks_http_request_duration_seconds_count', { method: 'POST', route: '/api/v1/chat/:session_id/message', status_code: '202' })).toBe(1);
    expect(moved('cqks_http_rejections_total', { status: '429', reason: 'rate_limit' })).toBe(1);
    expect(moved('cqks_http_rejections_total', { status: '401', reason: 'missing_token' })).toBe(1);
    expect(moved('cqks_http_rejections_total', { status: '401', reason: 'invalid_token' })).toBe(badTokens - 1);
    expect(moved('cqks_http_rejections_total', { status: '429', reason: 'failed_authentications' })).toBe(1);

    // Runs, jobs and the answer.
    expect(moved('cqks_runs_started_total', { workflow: 'ask' })).toBe(1);
    expect(moved('cqks_runs_finished_total', { workflow: 'ask', outcome: 'succeeded' })).toBe(1);
    expect(moved('cqks_runs_finished_total', { workflow: 'document_ingest', outcome: 'succeeded' })).toBe(1);
    expect(moved('cqks_job_claims_total')).toBe(2);
    expect(moved('cqks_answers_total', { query_type: 'generated', generator: 'planner' })).toBe(1);
    expect(moved('cqks_planner_confidence_count')).toBe(1);
    expect(valueOf(after, 'cqks_curation_pending')).toBeGreaterThanOrEqual(1);
    expect(moved('cqks_graph_query_duration_seconds_count', { engine: 'grafeo', outcome: 'ok' })).toBeGreaterThanOrEqual(1);

    // The ingestion.
    expect(moved('cqks_ingestions_total', { outcome: 'ingested', stage: 'none' })).toBe(1);
    expect(moved('cqks_ingestion_duration_seconds_count', { format: 'csv' })).toBe(1);
    expect(moved('cqks_ingested_items_total', { kind: 'entities_written' })).toBe(ROWS);

    // Bounded label values: no ids, no raw URLs.
    expect(text).not.toMatch(UUID);
    expect(text).not.toContain(sessionId);
    for (const sample of after.filter((s) => s.name.startsWith('cqks_http_request_duration'))) expect(sample.labels.route).toMatch(/^\/[a-z0-9/:_-]*$/i);
  }, 120_000);
});
