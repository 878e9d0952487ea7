import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import type { Synonym } from '../../planner/link/lexicon.js';
import type { Metrics } from '../../platform/metrics/metrics.js';
import type { GraphStore } from '../../stores/graph/port.js';
import type { RelationalStore } from '../../stores/relational/index.js';
import { MatcherWordsCache } from '../../planner/match/matcher-words.js';
import { queryRoutes } from './routes.js';
import { QueryService } from './service.js';
import { CurationStore } from './curation-store.js';
import { TemplateStore } from './template-store.js';
import { TemplateService } from './templates.js';
import { queryGenerateTool } from './tools/query-generate.js';
import { queryRecordTool } from './tools/query-record.js';
import { templateLoadTool } from './tools/template-load.js';
import { templateMatchTool } from './tools/template-match.js';
import { templateReuseTool } from './tools/template-reuse.js';

/**
 * The queries the service writes and the templates curators approve, built in one place: the
 * store, the curation service, the template matcher (with the deployment's words), the tools
 * runs use to write, match and record queries, and the curators' routes.
 */
export function createQueriesModule(deps: {
  config: Pick<Config, 'templateCacheEntries'>;
  db: RelationalStore;
  graph: GraphStore;
  metrics: Metrics;
  /** The deployment's synonyms: the matcher's words. */
  synonyms: () => Promise<Synonym[]>;
}) {
  const templateStore = new TemplateStore({ db: deps.db, templateCacheEntries: deps.config.templateCacheEntries });
  const curation = new CurationStore({ db: deps.db, templates: templateStore });
  const words = new MatcherWordsCache({ synonyms: deps.synonyms });
  const service = new QueryService({ curation, templateStore, graph: deps.graph, words: words.read, metrics: deps.metrics });
  const templates = new TemplateService({ curation, templateStore, queries: service, words: words.read });
  return {
    curation,
    service,
    templates,
    words,
    tools: [
      queryGenerateTool({ queries: service, templates }),
      queryRecordTool({ templates }),
      templateLoadTool({ queries: service }),
      templateMatchTool({ templates }),
      templateReuseTool({ templates }),
    ],
    /** The routes; templates approved in other processes are followed, and re-keyed with the synonyms read. */
    plugin: fp(
      async (app) => {
        app.addHook('onClose', await templateStore.followTemplateChanges());
        await templates.rekey();
        await app.register(queryRoutes, { service });
      },
      { name: 'queries', dependencies: ['synonyms'] },
    ),
  };
}
