import type { Logger } from 'pino';
import type { QueryService } from '../modules/queries/service.js';
import type { TemplateService } from '../modules/queries/templates.js';
import { ProblemError } from '../platform/problem.js';
import { ENTITY_LABEL, KEY_PROPERTY, PROVENANCE_PROPERTY } from '../stores/graph/bookkeeping.js';
import type { GraphStore } from '../stores/graph/port.js';
import type { RelationalStore } from '../stores/relational/index.js';
import { DEMO_PROVENANCE, demoGraph } from './graph.js';
import { DEMO_SYNONYMS } from './synonyms.js';
import { DEMO_TEMPLATES } from './templates.js';

/** Who the demo templates are recorded and approved by. */
export const DEMO_ACTOR = 'demo';

/** The service_meta row that says this deployment's demo templates were loaded. */
const TEMPLATES_LOADED_KEY = 'demo_templates_loaded';

/**
 * Loads the demo knowledge graph when the graph is empty, and approves the demo templates (and adds its synonyms) once
 * per deployment whose graph holds the demo: several processes share one relational store, and
 * each may start on an empty graph of its own, or on a graph another deployment filled. Loading is not a reuse: a template already there is left as it is (its
 * counters do not move). Safe when several processes start at once: the graph writes are
 * idempotent, and one process claims the templates.
 */
export async function loadDemoData(deps: { graph: GraphStore; db: RelationalStore; templates: TemplateService; queries: QueryService; logger: Logger }): Promise<boolean> {
  const { graph, db, templates, queries, logger } = deps;
  const { rows } = await graph.runReadOnly('MATCH (n) RETURN count(n) AS n');
  const empty = Number(rows[0]?.n ?? 0) === 0;
  if (!empty) {
    // A restart of a deployment that has its demo: one indexed lookup.
    if ((await db.query('SELECT 1 FROM service_meta WHERE key = $1', [TEMPLATES_LOADED_KEY])).rowCount > 0) return false;
    // A deployment new to a graph that already holds the demo (a shared Neo4j, a relational store
    // started afresh) gets the demo templates too; a graph of other data gets no demo.
    if (!(await holdsDemoGraph(graph))) return false;
  }
  const written = empty ? await graph.upsert(demoGraph(), DEMO_PROVENANCE) : { nodes: 0, relationships: 0 };
  const claimed = await db.query(`INSERT INTO service_meta (key, value) VALUES ($1, to_jsonb(now())) ON CONFLICT (key) DO NOTHING RETURNING key`, [TEMPLATES_LOADED_KEY]);
  if (claimed.rowCount > 0) {
    for (const s of DEMO_SYNONYMS) {
      await db.query('INSERT INTO synonyms (word, stands_for, kind, created_by) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [s.word, s.stands_for, s.kind, DEMO_ACTOR]);
    }
    for (const template of DEMO_TEMPLATES) {
      if (await templates.hasTemplateFor(template.cypher)) continue;
      const recorded = await templates.record({ question: template.question, cypher: template.cypher, createdBy: DEMO_ACTOR });
      if (recorded.outcome !== 'queued') continue;
      await queries.approve(recorded.query.id, DEMO_ACTOR).catch((error: unknown) => {
        if (!(error instanceof ProblemError && error.status === 409)) throw error;
      });
    }
  }
  if (!empty && claimed.rowCount === 0) return false;
  logger.info({ nodes: written.nodes, relationships: written.relationships, templates: claimed.rowCount > 0 ? DEMO_TEMPLATES.length : 0 }, 'demo data loaded');
  return true;
}

/** Whether the graph holds the demo: its first node, found by its key (indexed), written by the demo. */
async function holdsDemoGraph(graph: GraphStore): Promise<boolean> {
  const key = demoGraph().nodes[0]?.key;
  const { rows } = await graph.runReadOnly(
    `MATCH (n:${ENTITY_LABEL}) WHERE n.${KEY_PROPERTY} = $key AND $demo IN n.${PROVENANCE_PROPERTY} RETURN 1 AS found LIMIT 1`,
    { key: key ?? '', demo: DEMO_PROVENANCE },
  );
  return rows.length > 0;
}
