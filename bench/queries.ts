import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { QueryService } from '../src/modules/queries/service.js';
import { CurationStore } from '../src/modules/queries/curation-store.js';
import { TemplateStore } from '../src/modules/queries/template-store.js';
import { TemplateService } from '../src/modules/queries/templates.js';
import { encodeCursor } from '../src/platform/pagination.js';
import { openGraphStore } from '../src/stores/graph/index.js';
import type { GraphStore } from '../src/stores/graph/port.js';
import type { RelationalStore } from '../src/stores/relational/index.js';
import { openRelationalStore } from '../src/stores/relational/index.js';

/**
 * Query curation at scale, each figure a ratio of a big store against a small one measured
 * in the same run: stats with 1,000,000 queries against 1,000; template matching with
 * 100,000 templates against 100; page 500 of the pending list against page 1.
 */

const WORDS = [
  'movie', 'person', 'director', 'actor', 'award', 'studio', 'genre', 'year', 'country', 'city', 'song', 'album', 'band',
  'book', 'author', 'publisher', 'team', 'player', 'league', 'season', 'company', 'product', 'customer', 'order',
];

/** A relational store of its own: a fresh schema on PostgreSQL, or a fresh PGlite directory. */
async function openScratchStore(): Promise<{ store: RelationalStore; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const schema = `bench_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const store = await openRelationalStore({ database: { url, schema, poolMax: 4 } });
    return {
      store,
      async drop() {
        await store.close();
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(`DROP SCHEMA ${schema} CASCADE`);
        await client.end();
      },
    };
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'cqks-bench-q-'));
  const store = await openRelationalStore({ database: { schema: 'public', poolMax: 1 }, dataDir: dir });
  return {
    store,
    async drop() {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Adds `count` queries in SQL, through the real triggers and indexes: a quarter in each
 * status, approved ones with distinct fingerprints and question patterns built from a
 * vocabulary, so the trigram indexes hold realistic, varied text.
 */
async function seedQueries(store: RelationalStore, count: number, statuses: string[], batch = 50_000): Promise<void> {
  for (let start = 0; start < count; start += batch) {
    const end = Math.min(count, start + batch);
    await store.query(
      `INSERT INTO queries (status, question, question_normalized, cypher, fingerprint, cypher_normalized, created_by, session_id,
                            template_cypher, template_parameters, pattern, match_key, approved_at, approved_by)
       SELECT s, q, q, c, md5(i::text), c, 'bench', 'bench-' || (i % 1000),
              CASE WHEN s = 'approved' THEN c END, CASE WHEN s = 'approved' THEN '[]'::jsonb END,
              CASE WHEN s = 'approved' THEN q END, CASE WHEN s = 'approved' THEN q END,
              CASE WHEN s = 'approved' THEN now() END, CASE WHEN s = 'approved' THEN 'bench' END
         FROM (
           SELECT i,
                  ($3::text[])[1 + i % array_length($3::text[], 1)] AS s,
                  'what ' || w[1 + i % 24] || ' ' || w[1 + (i / 24) % 24] || ' ' || w[1 + (i / 576) % 24] || ' ' || w[1 + (i / 13824) % 24] || ' ' || i AS q,
                  'MATCH (a:' || initcap(w[1 + i % 24]) || ')-[:R' || (i % 97) || ']->(b:' || initcap(w[1 + (i / 24) % 24]) || ') RETURN b.name AS x' || i AS c
             FROM generate_series($1::int, $2::int - 1) AS i, (SELECT $4::text[] AS w) AS words
         ) AS rows`,
      [start, end, statuses, WORDS],
    );
  }
}

/** Three recorded neighbours per pending query, as recording would have found, so pages read real rows. */
async function seedSimilarity(store: RelationalStore): Promise<void> {
  await store.query(
    `INSERT INTO query_similarity (query_id, similar_id, kind, score)
     SELECT q.id, n.id, k.kind, 0.4 + (q.id % 50) / 100.0
       FROM queries q
       CROSS JOIN LATERAL (SELECT id FROM queries s WHERE s.id > q.id AND s.status IN ('approved', 'pending') ORDER BY s.id LIMIT 3) n
       CROSS JOIN (VALUES ('similar_question')) AS k (kind)
      WHERE q.status = 'pending'`,
  );
}

async function timeIt(work: () => Promise<unknown>, iterations: number): Promise<number> {
  for (let i = 0; i < Math.min(20, iterations); i++) await work();
  const started = performance.now();
  for (let i = 0; i < iterations; i++) await work();
  return (performance.now() - started) / iterations;
}

export interface QueryBenchFigures {
  name: string;
  small: number;
  large: number;
  ratio: number;
  target: number;
}

function servicesOf(store: RelationalStore, graph: GraphStore) {
  const templateStore = new TemplateStore({ db: store });
  const curation = new CurationStore({ db: store, templates: templateStore });
  const queries = new QueryService({ curation, templateStore, graph });
  return { queries, templates: new TemplateService({ curation, templateStore, queries }) };
}

export async function benchQueries(log: (line: string) => void): Promise<QueryBenchFigures[]> {
  const graphDir = await mkdtemp(path.join(tmpdir(), 'cqks-bench-graph-'));
  const graph = await openGraphStore({ dataDir: graphDir, queryTimeoutMs: 5000, maxRows: 1000, allowedProcedures: [] });
  try {
    return await measureAll(graph, log);
  } finally {
    await graph.close();
    await rm(graphDir, { recursive: true, force: true });
  }
}

async function measureAll(graph: GraphStore, log: (line: string) => void): Promise<QueryBenchFigures[]> {
  const figures: QueryBenchFigures[] = [];
  const scale = Number(process.env.BENCH_QUERY_SCALE ?? 1);
  const all = ['pending', 'approved', 'rejected', 'declined'];

  // Stats: 1,000 against 1,000,000 queries.
  {
    const small = await openScratchStore();
    const large = await openScratchStore();
    try {
      const big = Math.round(1_000_000 * scale);
      const seeded = performance.now();
      await seedQueries(small.store, 1_000, all);
      await seedQueries(large.store, big, all);
      log(`  seeded ${big.toLocaleString('en')} queries in ${((performance.now() - seeded) / 1000).toFixed(0)} s`);
      const s = await timeIt(() => servicesOf(small.store, graph).queries.stats(), 500);
      const l = await timeIt(() => servicesOf(large.store, graph).queries.stats(), 500);
      figures.push({ name: `stats, ${big.toLocaleString('en')} vs 1,000 queries`, small: s, large: l, ratio: l / s, target: 1.5 });

      // Pending page 500 against page 1, on the large store (a quarter of it pending).
      await seedSimilarity(large.store);
      await large.store.query('ANALYZE');
      const service = servicesOf(large.store, graph).queries;
      const limit = 20;
      const { rows } = await large.store.query<{ id: number }>(
        `SELECT id FROM queries WHERE status = 'pending' ORDER BY id OFFSET $1 LIMIT 1`,
        [limit * 499 - 1],
      );
      const cursor = encodeCursor([Number(rows[0]!.id)]);
      const p1 = await timeIt(() => service.listPending({ limit, sort: 'arrival' }), 50);
      const p500 = await timeIt(() => service.listPending({ limit, cursor, sort: 'arrival' }), 50);
      figures.push({ name: 'pending list, page 500 vs page 1', small: p1, large: p500, ratio: p500 / p1, target: 1.5 });
    } finally {
      await small.drop();
      await large.drop();
    }
  }

  // Template matching: 100 against 100,000 templates.
  {
    const small = await openScratchStore();
    const large = await openScratchStore();
    try {
      const big = Math.round(100_000 * scale);
      await seedQueries(small.store, 100, ['approved']);
      await seedQueries(large.store, big, ['approved']);
      // The real template, recorded and approved as a curator would.
      for (const store of [small.store, large.store]) {
        const services = servicesOf(store, graph);
        const recorded = await services.templates.record({
          question: 'What movies did Tom Hanks act in?',
          cypher: "MATCH (p:Person {name: 'Tom Hanks'})-[:ACTED_IN]->(m:Movie) RETURN m.title AS title",
          createdBy: 'bench',
        });
        if (recorded.outcome !== 'queued') throw new Error(`bench template was ${recorded.outcome}`);
        await services.queries.approve(recorded.query.id, 'bench');
      }
      // The same question with another name and another question word: a deployment's synonyms (films for movies) are not the bench's.
      const paraphrase = 'Which movies did Meg Ryan act in?';
      for (const store of [small.store, large.store]) {
        const check = await servicesOf(store, graph).templates.match(paraphrase);
        if (!check.matched || check.parameters.name !== 'Meg Ryan') throw new Error(`the matcher missed: ${JSON.stringify(check)}`);
      }
      const s = await timeIt(() => servicesOf(small.store, graph).templates.match(paraphrase), 200);
      const l = await timeIt(() => servicesOf(large.store, graph).templates.match(paraphrase), 200);
      figures.push({ name: `template matching, ${big.toLocaleString('en')} vs 100 templates`, small: s, large: l, ratio: l / s, target: 3 });
    } finally {
      await small.drop();
      await large.drop();
    }
  }
  return figures;
}
