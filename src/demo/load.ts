import type { Logger } from 'pino';
import type { QueryService } from '../modules/queries/service.js';
import type { TemplateService } from '../modules/queries/templates.js';
import { ProblemError } from '../platform/problem.js';
import type { GraphStore } from '../stores/graph/port.js';
import { DEMO_PROVENANCE, demoGraph } from './graph.js';
import { DEMO_TEMPLATES } from './templates.js';

/** Who the demo templates are recorded and approved by. */
export const DEMO_ACTOR = 'demo';

/**
 * Loads the demo knowledge graph and approves its templates, on a first start only: when the
 * graph is empty. Safe when several processes start at once (writes are idempotent; a second
 * approval of the same template is a conflict that is ignored).
 */
export async function loadDemoData(graph: GraphStore, templates: TemplateService, queries: QueryService, logger: Logger): Promise<boolean> {
  const { rows } = await graph.runReadOnly('MATCH (n) RETURN count(n) AS n');
  if (Number(rows[0]?.n ?? 0) > 0) return false;
  const written = await graph.upsert(demoGraph(), DEMO_PROVENANCE);
  for (const template of DEMO_TEMPLATES) {
    const recorded = await templates.record({ question: template.question, cypher: template.cypher, createdBy: DEMO_ACTOR });
    if (recorded.outcome !== 'queued') continue;
    await queries.approve(recorded.query.id, DEMO_ACTOR).catch((error: unknown) => {
      if (!(error instanceof ProblemError && error.status === 409)) throw error;
    });
  }
  logger.info({ nodes: written.nodes, relationships: written.relationships, templates: DEMO_TEMPLATES.length }, 'demo data loaded');
  return true;
}
