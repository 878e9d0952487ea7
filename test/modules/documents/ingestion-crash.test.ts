import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signDevToken } from '../../../src/platform/auth/dev-keys.js';
import { dropSchema, testConfig, uniqueName } from '../../support/config.js';
import { multipartBody } from '../../support/documents.js';
import { openEventStream } from '../../support/event-stream.js';
import { startServiceProcess } from '../../support/service-process.js';
import type { ServiceProcess } from '../../support/service-process.js';

/**
 * kill -9 of the real service while it writes a document into the graph: after a restart the
 * ingestion finishes (taken over when its lease runs out) or fails visibly, and the graph never
 * holds half a version.
 */

const ROWS = 2000;
const CSV = ['id,name,type,rank', ...Array.from({ length: ROWS }, (_, i) => `m${i},Member ${i},Member,${i}`)].join('\n');

describe('an ingestion whose process is killed', () => {
  let dataDir: string;
  const schema = uniqueName('t');
  let service: ServiceProcess | undefined;
  const env = (leaseMs = 1500) => ({
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.DATABASE_URL,
    DATABASE_SCHEMA: process.env.DATABASE_URL ? schema : 'public',
    REDIS_URL: process.env.REDIS_URL,
    REDIS_KEY_PREFIX: `${schema}:`,
    DEMO_DATA: 'false',
    JOB_LEASE_MS: String(leaseMs),
    JOB_POLL_INTERVAL_MS: '200',
    // Small batches: the write step takes long enough to be killed in the middle of it.
    INGEST_WRITE_BATCH: '25',
  });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'cqks-crash-'));
  });
  afterAll(async () => {
    await service?.kill();
    await dropSchema(testConfig(dataDir, { DATABASE_SCHEMA: process.env.DATABASE_URL ? schema : 'public' }));
    await rm(dataDir, { recursive: true, force: true });
  });

  const adminHeaders = async () => ({ authorization: `Bearer ${await signDevToken({ dataDir, audience: 'cqks-api', sub: 'crash-admin', roles: ['admin'] })}` });

  /** Uploads `fileName`, starts its ingestion and kills the service while the ingestion writes; answers the document's id. */
  async function killWhileWriting(fileName: string, content: string, admin: Record<string, string>): Promise<string> {
    const { body, contentType } = multipartBody([{ fileName, content }]);
    const uploaded = await fetch(`${service!.url}/api/v1/documents/upload`, { method: 'POST', headers: { ...admin, 'content-type': contentType }, body });
    expect(uploaded.status).toBe(201);
    const docId = ((await uploaded.json()) as { items: { doc_id: string }[] }).items[0]!.doc_id;
    expect((await fetch(`${service!.url}/api/v1/documents/${docId}/approve`, { method: 'POST', headers: admin })).status).toBe(200);
    const started = await fetch(`${service!.url}/api/v1/documents/${docId}/ingest`, { method: 'POST', headers: admin });
    expect(started.status).toBe(202);
    const { session_id: sessionId } = (await started.json()) as { session_id: string };

    const stream = await openEventStream(`${service!.url}/api/v1/chat/${sessionId}/stream`, admin, 'ndjson');
    await stream.waitForEvent((e) => e.event === 'ingestion_progress' && e.data.data.stage === 'writing' && Number(e.data.data.done) > 0, 60_000);
    stream.close();
    await service!.kill();
    return docId;
  }

  it('finishes after a restart, with the whole version in the graph and nothing twice', async () => {
    service = await startServiceProcess(env());
    const admin = await adminHeaders();
    const docId = await killWhileWriting('members.csv', CSV, admin);

    service = await startServiceProcess(env());
    let doc: { ingestion: { state: string; failure: unknown; live_version: number | null; counts: Record<string, number> | null } } | undefined;
    const deadline = Date.now() + 60_000;
    for (;;) {
      const res = await fetch(`${service.url}/api/v1/documents/${docId}`, { headers: admin });
      doc = (await res.json()) as typeof doc;
      if (['ingested', 'failed'].includes(doc!.ingestion.state) || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const count = async (cypher: string) => {
      const res = await fetch(`${service!.url}/api/v1/aim/queries/test-cypher`, {
        method: 'POST',
        headers: { ...admin, 'content-type': 'application/json' },
        body: JSON.stringify({ cypher }),
      });
      return ((await res.json()) as { rows: { n: number }[] }).rows[0]!.n;
    };
    expect(doc!.ingestion.state, JSON.stringify(doc)).toBe('ingested');
    expect(doc!.ingestion.live_version).toBe(1);
    expect(await count('MATCH (m:Member) RETURN count(m) AS n')).toBe(ROWS);
    expect(await count('MATCH (m:Member) RETURN count(DISTINCT m.name) AS n')).toBe(ROWS);
    expect(await count("MATCH (:Document)-[r:MENTIONS]->(:Member) RETURN count(r) AS n")).toBe(ROWS);
    await service.kill();
  }, 180_000);

  it('reads queued, not running, as soon as the process that held the ingestion is gone (its lease still runs)', async () => {
    // A lease far longer than the test: only the holder's death can tell the state.
    service = await startServiceProcess(env(60_000));
    const admin = await adminHeaders();
    const docId = await killWhileWriting('members-again.csv', CSV.replaceAll('Member ', 'Crew member '), admin);

    service = await startServiceProcess(env(60_000));
    const res = await fetch(`${service.url}/api/v1/documents/${docId}`, { headers: admin });
    const doc = (await res.json()) as { ingestion: { state: string; stage: string | null } };
    expect(doc.ingestion.state, JSON.stringify(doc)).toBe('queued');
  }, 120_000);
});
