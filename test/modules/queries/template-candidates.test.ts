import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Config } from '../../../src/config.js';
import { CurationStore } from '../../../src/modules/queries/curation-store.js';
import { TemplateStore, TEMPLATES_CHANNEL } from '../../../src/modules/queries/template-store.js';
import type { RelationalStore } from '../../../src/stores/relational/index.js';
import { dropSchema, testConfig } from '../../support/config.js';
import { openTestRelationalStore } from '../../support/relational.js';

/**
 * Approved templates' match data is kept in memory; a change to it, by this process or any
 * other, is seen by the next question. On PGlite (and PostgreSQL with DATABASE_URL), where
 * "another process" is SQL that does not go through the query store.
 */
describe('template candidates kept in memory', () => {
  let store: RelationalStore;
  let config: Config;
  let dataDir: string;
  let templates: TemplateStore;
  let curation: CurationStore;
  let stopFollowing: () => Promise<void>;
  let stopListening: () => Promise<void>;
  /**
   * Notices on the templates channel as this test hears them (after the query store, which
   * listened first): this schema's and the ones the test sends. On PostgreSQL the channel is
   * shared by every test file's schema, and their notices are not this test's business.
   */
  const notices: string[] = [];
  let schema: string;
  const ours = (payload: string) => payload === schema || payload.startsWith('marker_') || payload === 'some_other_schema';
  let noticeWaiter: { payload: string; resolve: () => void } | undefined;
  const heard = (payload: string) =>
    notices.includes(payload) ? Promise.resolve() : new Promise<void>((resolve) => (noticeWaiter = { payload, resolve }));
  /**
   * Every notice of what was committed so far has arrived (on PostgreSQL they come on another
   * connection, in commit order: once a notice sent now is heard, the earlier ones were too).
   */
  let markers = 0;
  const settled = async () => {
    const marker = `marker_${++markers}`;
    await store.query('SELECT pg_notify($1, $2)', [TEMPLATES_CHANNEL, marker]);
    await heard(marker);
    notices.length = 0;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'cqks-candidates-'));
    config = testConfig(dataDir);
    store = await openTestRelationalStore(config);
    templates = new TemplateStore({ db: store });
    curation = new CurationStore({ db: store, templates });
    schema = (await store.query<{ s: string }>('SELECT current_schema() AS s')).rows[0]!.s;
    stopFollowing = await templates.followTemplateChanges();
    stopListening = await store.listen(
      TEMPLATES_CHANNEL,
      (payload) => {
        if (!ours(payload)) return;
        notices.push(payload);
        if (noticeWaiter?.payload === payload) noticeWaiter.resolve();
      },
      () => undefined,
    );
  });
  afterAll(async () => {
    await stopListening?.();
    await stopFollowing?.();
    await store?.close();
    await dropSchema(config);
    await rm(dataDir, { recursive: true, force: true });
  });

  let ids: number[];
  let reads: { mock: { calls: unknown[][] }; mockRestore(): void };
  /** How many times the query store read candidates from the database. */
  const candidateReads = () => reads.mock.calls.filter(([sql]) => String(sql).includes('match_key = ANY')).length;
  const candidateIds = async (key: string) => (await templates.templateCandidates([key], 50)).map((r) => Number(r.id));

  beforeEach(async () => {
    await store.query('DELETE FROM queries');
    const { rows } = await store.query<{ id: number }>(
      `INSERT INTO queries (status, question, question_normalized, cypher, fingerprint, cypher_normalized, created_by,
                            template_cypher, template_parameters, pattern, match_key, approved_at, approved_by)
       SELECT 'approved', 'who is ' || i, 'who is ' || i, 'MATCH (n) RETURN ' || i, md5(i::text), 'MATCH (v1) RETURN ' || i, 'seed',
              'MATCH (n) RETURN n', '[]'::jsonb, 'who is {name} ' || i, 'key', now(), 'seed'
         FROM generate_series(1, 2) AS i
       RETURNING id`,
    );
    ids = rows.map((r) => Number(r.id)).sort((a, b) => a - b);
    await settled();
    reads = vi.spyOn(store, 'query');
  });
  afterEach(() => reads.mockRestore());

  it('reads the candidates of the same keys once, then answers from memory', async () => {
    expect(await candidateIds('key')).toEqual(ids);
    expect(await candidateIds('key')).toEqual(ids);
    expect(await candidateIds('other')).toEqual([]);
    expect(candidateReads()).toBe(2);
  });

  it('sees this process’s changes at once: a template rejected, deleted', async () => {
    expect(await candidateIds('key')).toEqual(ids);
    await curation.transaction((tx) => curation.setRejected(tx, ids[0]!, 'curator', 'wrong'));
    expect(await candidateIds('key')).toEqual([ids[1]]);
    await curation.delete(ids[1]!);
    expect(await candidateIds('key')).toEqual([]);
  });

  it('a change rolled back changes nothing (it is read again, the same)', async () => {
    expect(await candidateIds('key')).toEqual(ids);
    await expect(
      curation.transaction(async (tx) => {
        await curation.setRejected(tx, ids[0]!, 'curator', 'wrong');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await candidateIds('key')).toEqual(ids);
  });

  it('sees another process’s change once its notice arrives', async () => {
    expect(await candidateIds('key')).toEqual(ids);
    await store.query(`UPDATE queries SET match_key = 'moved' WHERE id = $1`, [ids[0]!]);
    await heard(schema);
    expect(await candidateIds('key')).toEqual([ids[1]]);
    expect(await candidateIds('moved')).toEqual([ids[0]]);
  });

  it('reuse counters moving notify nothing, and another schema’s notice forgets nothing', async () => {
    expect(await candidateIds('key')).toEqual(ids);
    await store.query(`UPDATE queries SET reuse_count = reuse_count + 1, last_reused_at = now()`);
    await store.query(`INSERT INTO queries (status, question, question_normalized, cypher, fingerprint, cypher_normalized, created_by)
                       VALUES ('pending', 'q', 'q', 'MATCH (n) RETURN n', 'f', 'MATCH (v1) RETURN v1', 'someone')`);
    await store.query('SELECT pg_notify($1, $2)', [TEMPLATES_CHANNEL, 'some_other_schema']);
    // Notices arrive in commit order: once this one is heard, any from the statements above would have been.
    await heard('some_other_schema');
    expect(notices).toEqual(['some_other_schema']);
    const before = candidateReads();
    expect(await candidateIds('key')).toEqual(ids);
    expect(candidateReads()).toBe(before);
  });

  it('keeps nothing before changes are followed, or after they stop', async () => {
    const unfollowed = new TemplateStore({ db: store });
    await unfollowed.templateCandidates(['key'], 50);
    await unfollowed.templateCandidates(['key'], 50);
    expect(candidateReads()).toBe(2);
    const stop = await unfollowed.followTemplateChanges();
    await stop();
    await unfollowed.templateCandidates(['key'], 50);
    await unfollowed.templateCandidates(['key'], 50);
    expect(candidateReads()).toBe(4);
  });
});
