import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../../src/config.js';
import type { RelationalStore } from '../../../src/stores/relational/index.js';
import { dropSchema, testConfig } from '../../support/config.js';
import { openTestRelationalStore } from '../../support/relational.js';

/** The lookups that must stay fast with many queries use their indexes, on both engines. */
describe('query store plans', () => {
  let store: RelationalStore;
  let config: Config;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'cqks-plans-'));
    config = testConfig(dataDir);
    store = await openTestRelationalStore(config);
    await store.query(
      `INSERT INTO queries (status, question, question_normalized, cypher, fingerprint, cypher_normalized, created_by,
                            template_cypher, template_parameters, pattern, match_key, approved_at, approved_by, last_reused_at)
       SELECT CASE WHEN i % 2 = 0 THEN 'approved' ELSE 'pending' END, 'question ' || i, 'question ' || i,
              'MATCH (n) RETURN n.p' || i, md5(i::text), 'MATCH (v1) RETURN v1.p' || i, 'seed',
              'MATCH (n) RETURN n', '[]'::jsonb, 'what {x} ' || i, 'key ' || i, now(), 'seed',
              CASE WHEN i % 10 = 0 THEN now() - (i || ' minutes')::interval END
         FROM generate_series(1, 4000) AS i`,
    );
    await store.query('ANALYZE queries');
  });
  afterAll(async () => {
    await store.close();
    await dropSchema(config);
    await rm(dataDir, { recursive: true, force: true });
  });

  const plan = async (sql: string, params: unknown[]) =>
    (await store.query<Record<string, string>>(`EXPLAIN ${sql}`, params as never)).rows.map((r) => Object.values(r)[0]).join('\n');

  it('template candidates come from the match-key index, not a scan', async () => {
    const text = await plan(
      `SELECT id FROM queries WHERE status = 'approved' AND match_key = ANY($1::text[]) ORDER BY id LIMIT 50`,
      [['key 10', 'key 12', 'movie act']],
    );
    expect(text).toMatch(/queries_template_match_key/);
    expect(text).not.toMatch(/Seq Scan on queries/);
  });

  it('status counts are kept by the trigger, exactly', async () => {
    const { rows } = await store.query<{ status: string; count: number }>('SELECT status, count FROM query_status_counts ORDER BY status');
    expect(rows).toEqual([
      { status: 'approved', count: 2000 },
      { status: 'declined', count: 0 },
      { status: 'pending', count: 2000 },
      { status: 'rejected', count: 0 },
    ]);
    await store.query(`UPDATE queries SET status = 'rejected' WHERE id IN (SELECT id FROM queries WHERE status = 'pending' LIMIT 10)`);
    await store.query(`DELETE FROM queries WHERE id IN (SELECT id FROM queries WHERE status = 'rejected' LIMIT 4)`);
    await store.query(`UPDATE queries SET reuse_count = reuse_count + 1 WHERE status = 'approved'`);
    const after = await store.query<{ status: string; count: number }>('SELECT status, count FROM query_status_counts ORDER BY status');
    const actual = await store.query<{ status: string; count: number }>(
      `SELECT s.status, count(q.id)::int AS count FROM (VALUES ('approved'), ('declined'), ('pending'), ('rejected')) s (status)
       LEFT JOIN queries q ON q.status = s.status GROUP BY s.status ORDER BY s.status`,
    );
    expect(after.rows).toEqual(actual.rows);
    expect(after.rows.find((r) => r.status === 'rejected')?.count).toBe(6);
  });

  it('templates reused in the last day are counted from the last-reuse index', async () => {
    const text = await plan(
      `SELECT count(*) FROM queries WHERE status = 'approved' AND COALESCE(last_reused_at, '-infinity'::timestamptz) > now() - interval '24 hours'`,
      [],
    );
    expect(text).toMatch(/queries_template_last_reuse/);
  });

  it('a page of the queue is a keyset range on (status, id)', async () => {
    const text = await plan(`SELECT * FROM queries WHERE status = 'pending' AND id > $1 ORDER BY id LIMIT 21`, [1000]);
    expect(text).toMatch(/queries_status_id|queries_pkey/);
    expect(text).not.toMatch(/Sort/);
  });
});
