import { decodeCursor, keysetPage } from '../../platform/pagination.js';
import { badRequest, conflict, notFound, unprocessable } from '../../platform/problem.js';
import type { Metrics } from '../../platform/metrics/metrics.js';
import type { GraphStore, QueryParams } from '../../stores/graph/port.js';
import type { Queryable } from '../../stores/relational/index.js';
import { fingerprintCypher } from '../../cypher/fingerprint.js';
import { parameterizeCypher, parametersUsedBy, TemplateNamesError } from '../../cypher/parameterize.js';
import { patternMatchKey } from '../../planner/match/match-keys.js';
import { sourceParameters, UncarriedValueError } from '../../planner/match/parameter-sources.js';
import type { SourcedParameter } from '../../planner/match/parameter-sources.js';
import { buildPattern, slotsOf } from '../../planner/match/pattern-match.js';
import { NO_WORDS, normalizeQuestion, type MatcherWords } from '../../planner/match/question.js';
import type { PendingListQuery, QueryStatus, TemplateListQuery } from './schemas.js';
import type { CurationStore } from './curation-store.js';
import type { EventRow, QueryRow, RevisionRow, SimilarRow, TemplateFields } from './query-rows.js';
import type { TemplateStore } from './template-store.js';
import { isoOrNull } from '../../platform/iso-date.js';

/**
 * The rules of query curation: which moves each status allows, what becomes of a query
 * when it is approved (a template with named parameters and a question pattern), and what
 * is recorded about every change.
 */

/** Similar queries shown with each pending one. */
export const SIMILAR_MAX = 5;
/**
 * How similar (pg_trgm similarity, 0..1) a question or a Cypher text must be to count.
 * Cypher's is higher because every query shares its keywords: measured on the test set,
 * unrelated queries score 0.27-0.43 and related ones 0.56-0.79; unrelated questions score
 * below 0.2, paraphrases 0.36-0.78.
 */
export const SIMILAR_QUESTION_MIN = 0.35;
export const SIMILAR_CYPHER_MIN = 0.6;
export const SIMILARITY_MIN: Record<SimilarRow['kind'], number> = {
  same_fingerprint: 0,
  similar_question: SIMILAR_QUESTION_MIN,
  similar_cypher: SIMILAR_CYPHER_MIN,
};

export type ApiQuery = ReturnType<typeof toApiQuery>;

export function toApiQuery(row: QueryRow, detail: { revisions: RevisionRow[]; history: EventRow[] }) {
  return {
    id: Number(row.id),
    status: row.status,
    question: row.question,
    question_normalized: row.question_normalized,
    cypher: row.cypher,
    parameters: row.parameters,
    fingerprint: row.fingerprint,
    source: { session_id: row.session_id, message_id: row.message_id, run_id: row.run_id, created_by: row.created_by },
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    updated_by: row.updated_by,
    reason: row.reason,
    revision: row.revision,
    revisions: detail.revisions.map((r) => ({
      revision: r.revision,
      question: r.question,
      cypher: r.cypher,
      parameters: r.parameters,
      created_at: r.created_at.toISOString(),
      created_by: r.created_by,
    })),
    history: detail.history.map((e) => ({
      action: e.action as 'recorded',
      actor: e.actor,
      at: e.at.toISOString(),
      details: e.details,
    })),
    template:
      row.status === 'approved' && row.template_cypher !== null
        ? {
            cypher: row.template_cypher,
            parameters: row.template_parameters ?? [],
            pattern: row.pattern,
            approved_at: isoOrNull(row.approved_at)!,
            approved_by: row.approved_by ?? row.updated_by ?? row.created_by,
            reuse_count: Number(row.reuse_count),
            last_reused_at: isoOrNull(row.last_reused_at),
            reuse_sessions: row.reuse_sessions,
          }
        : null,
    assessment: row.assessment,
    attention: row.attention && row.attention_at ? { ...row.attention, since: row.attention_at.toISOString() } : null,
  };
}

/** Turns the similarity rows of one pending query into its context and a verdict. */
export function similarityContext(rows: SimilarRow[]) {
  const byId = new Map<number, { id: number; status: 'pending' | 'approved'; question: string; score: number; reasons: SimilarRow['kind'][] }>();
  for (const row of rows) {
    if (row.score < SIMILARITY_MIN[row.kind]) continue;
    const id = Number(row.id);
    const entry = byId.get(id) ?? { id, status: row.status, question: row.question, score: 0, reasons: [] };
    entry.score = Math.max(entry.score, Math.round(row.score * 1000) / 1000);
    if (!entry.reasons.includes(row.kind)) entry.reasons.push(row.kind);
    byId.set(id, entry);
  }
  const similar = [...byId.values()]
    .sort((a, b) => b.score - a.score || Number(b.status === 'approved') - Number(a.status === 'approved') || a.id - b.id)
    .slice(0, SIMILAR_MAX);
  const same = similar.filter((s) => s.reasons.includes('same_fingerprint'));
  const verdict = same.some((s) => s.status === 'approved')
    ? ('duplicate_of_template' as const)
    : same.length > 0
      ? ('duplicate_of_pending' as const)
      : similar.length > 0
        ? ('similar' as const)
        : ('new' as const);
  return { similar, verdict };
}

/** The status moves DESIGN.md allows; anything else is a 409 naming the current status. */
const ALLOWED_FROM: Record<'approve' | 'reject' | 'amend', readonly QueryStatus[]> = {
  approve: ['pending'],
  reject: ['pending'],
  amend: ['pending', 'rejected', 'declined', 'approved'],
};

/** Values an amendment gives must be for `$parameters` its Cypher uses: any other is named in a 400. */
function assertValuesUsed(cypher: string, values: Record<string, unknown>): void {
  let used: Set<string>;
  try {
    used = parametersUsedBy(cypher);
  } catch {
    return; // unreadable Cypher: the template step says why (422)
  }
  const unused = Object.keys(values).filter((name) => !used.has(name));
  if (unused.length === 0) return;
  throw badRequest(
    `\`values\` names ${unused.length === 1 ? 'a parameter' : 'parameters'} the Cypher does not use: ${unused.join(', ')}. Give values only for its \`$parameters\`.`,
    unused.map((name) => ({ path: `body.values.${name}`, message: 'not a $parameter of the cypher' })),
  );
}

const DECISION_OF: Record<keyof typeof ALLOWED_FROM, string> = { approve: 'approved', reject: 'rejected', amend: 'amended' };

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string }).code === '23505';
}

export interface QueryServiceDeps {
  curation: CurationStore;
  templateStore: TemplateStore;
  graph: GraphStore;
  /** The deployment's words for the template matcher (its synonyms), as patterns are built with them. */
  words?: () => Promise<MatcherWords>;
  /** Counts curators' decisions (approved, rejected, amended) once they are committed. */
  metrics?: Pick<Metrics, 'curationDecisions'>;
}

export class QueryService {
  private readonly words: () => Promise<MatcherWords>;

  constructor(private readonly deps: QueryServiceDeps) {
    this.words = deps.words ?? (async () => NO_WORDS);
  }

  async stats() {
    const { counts, reusedLast24h } = await this.deps.curation.stats();
    return { counts, templates_reused_last_24h: reusedLast24h };
  }

  async get(id: number) {
    const row = await this.deps.curation.get(id);
    if (!row) throw notFound(`No query ${id}`);
    return (await this.present([row]))[0]!;
  }

  /** The API form of rows, with their revisions and history fetched for all of them at once. */
  async present(rows: QueryRow[]): Promise<ApiQuery[]> {
    const ids = rows.map((r) => Number(r.id));
    const [revisions, events] = await Promise.all([this.deps.curation.revisions(ids), this.deps.curation.events(ids)]);
    const group = <T extends { query_id: number }>(list: T[]) => {
      const byId = new Map<number, T[]>();
      for (const item of list) byId.set(Number(item.query_id), [...(byId.get(Number(item.query_id)) ?? []), item]);
      return byId;
    };
    const revisionsById = group(revisions);
    const eventsById = group(events);
    return rows.map((row) =>
      toApiQuery(row, { revisions: revisionsById.get(Number(row.id)) ?? [], history: eventsById.get(Number(row.id)) ?? [] }),
    );
  }

  async listPending(filters: PendingListQuery) {
    let rows: QueryRow[];
    let cursorOf: (row: QueryRow) => (string | number)[];
    if (filters.sort === 'arrival') {
      const after = filters.cursor ? Number(decodeCursor(filters.cursor, ['number'])[0]) : undefined;
      rows = await this.deps.curation.listByArrival('pending', filters, after);
      cursorOf = (r) => [Number(r.id)];
    } else {
      const after = filters.cursor ? decodeCursor(filters.cursor, ['number', 'number']) : undefined;
      rows = await this.deps.curation.listByConfidence('pending', filters, filters.sort === 'least_confident', after ? { confidence: Number(after[0]), id: Number(after[1]) } : undefined);
      cursorOf = (r) => [(r as QueryRow & { sort_confidence: number }).sort_confidence, Number(r.id)];
    }
    const { page, next_cursor } = keysetPage(rows, filters.limit, cursorOf);
    const [similar, presented] = await Promise.all([
      // Each neighbour can appear under three kinds: enough rows for five distinct ones.
      this.deps.curation.similarTo(
        page.map((r) => Number(r.id)),
        SIMILAR_MAX * 3,
      ),
      this.present(page),
    ]);
    const byQuery = new Map<number, SimilarRow[]>();
    for (const row of similar) {
      const list = byQuery.get(Number(row.for_id)) ?? [];
      list.push(row);
      byQuery.set(Number(row.for_id), list);
    }
    return {
      items: presented.map((query) => ({ ...query, ...similarityContext(byQuery.get(query.id) ?? []) })),
      next_cursor,
    };
  }

  async listTemplates(query: TemplateListQuery) {
    const after = query.cursor ? decodeCursor(query.cursor, ['string', 'number']) : undefined;
    const rows = await this.deps.templateStore.listTemplates(
      query,
      query.sort,
      after ? { key: String(after[0]), id: Number(after[1]) } : undefined,
    );
    const { page, next_cursor } = keysetPage(rows, query.limit, (r) => [r.sort_key, Number(r.id)]);
    return { items: await this.present(page), next_cursor };
  }

  async testCypher(cypher: string, parameters: QueryParams = {}) {
    const result = await this.deps.graph.runReadOnly(cypher, parameters);
    return {
      columns: result.columns,
      rows: result.rows,
      row_count: result.rowCount,
      truncated: result.truncated,
      elapsed_ms: Math.round(result.elapsedMs * 10) / 10,
      query_type: result.queryType,
    };
  }

  async approve(id: number, actor: string) {
    await this.change(
      id,
      'approve',
      (row) => this.templateFields(row.question, row.cypher, row.parameters),
      async (tx, row, fields) => {
        await this.assertNoOtherTemplate(tx, id, fields.fingerprint, row.status);
        await this.deps.curation.setApproved(tx, id, actor, fields, false);
        await this.deps.curation.addEvent(tx, id, 'approved', actor, { from: row.status, fingerprint: fields.fingerprint });
      },
    );
    return this.get(id);
  }

  async reject(id: number, actor: string, reason: string) {
    await this.change(
      id,
      'reject',
      async () => undefined,
      async (tx, row) => {
        await this.deps.curation.setRejected(tx, id, actor, reason);
        await this.deps.curation.addEvent(tx, id, 'rejected', actor, { from: row.status, reason });
      },
    );
    return this.get(id);
  }

  async amend(
    id: number,
    actor: string,
    input: { cypher: string; question?: string; parameters?: string[]; values?: Record<string, unknown> },
  ) {
    assertValuesUsed(input.cypher, input.values ?? {});
    await this.change(
      id,
      'amend',
      (row) => this.templateFields(input.question ?? row.question, input.cypher, input.values ?? {}, input.parameters),
      async (tx, row, fields) => {
        await this.assertNoOtherTemplate(tx, id, fields.fingerprint, row.status);
        // The text being replaced is kept as a revision before the new one takes its place.
        await this.deps.curation.addRevision(tx, row);
        const updated = await this.deps.curation.setApproved(tx, id, actor, fields, true);
        // New text, new neighbours.
        await this.deps.curation.linkSimilar(tx, id, SIMILAR_MAX, SIMILARITY_MIN);
        await this.deps.curation.addEvent(tx, id, 'amended', actor, {
          from: row.status,
          revision: updated.revision,
          previous_revision: row.revision,
          question_changed: fields.question !== row.question,
        });
      },
    );
    return this.get(id);
  }

  async remove(id: number): Promise<void> {
    if (!(await this.deps.curation.delete(id))) throw notFound(`No query ${id}`);
  }

  /**
   * Runs one status move. The slow part (`prepare`: checking Cypher against the graph) runs
   * before the transaction, so no row lock (nor PGlite's one connection) waits on the graph;
   * `apply` then runs under a row lock, after checking that nothing moved in between.
   */
  private async change<P>(
    id: number,
    move: keyof typeof ALLOWED_FROM,
    prepare: (row: QueryRow) => Promise<P>,
    apply: (tx: Queryable, row: QueryRow, prepared: P) => Promise<void>,
  ): Promise<void> {
    const allowed = (row: QueryRow | undefined): QueryRow => {
      if (!row) throw notFound(`No query ${id}`);
      if (!ALLOWED_FROM[move].includes(row.status)) {
        throw conflict(`${/^[aeiou]/.test(row.status) ? 'An' : 'A'} ${row.status} query cannot be ${move === 'amend' ? 'amended' : `${move}d`}`, {
          current_status: row.status,
        });
      }
      return row;
    };
    const before = allowed(await this.deps.curation.get(id));
    const prepared = await prepare(before);
    try {
      await this.deps.curation.transaction(async (tx) => {
        const row = allowed(await this.deps.curation.getForUpdate(tx, id));
        if (row.revision !== before.revision || row.status !== before.status) {
          throw conflict('The query changed while this request was checked; reload and retry', { current_status: row.status });
        }
        await apply(tx, row, prepared);
      });
      this.deps.metrics?.curationDecisions.inc({ decision: DECISION_OF[move] });
    } catch (error) {
      // Two approvals of one shape racing: the unique index stops the second.
      if (!isUniqueViolation(error)) throw error;
      throw conflict('A template with the same Cypher shape was approved at the same time; reload and retry', {
        current_status: (await this.deps.curation.get(id))?.status,
      });
    }
  }

  /** One template per Cypher shape: approving a second one is a 409 naming the first. */
  private async assertNoOtherTemplate(tx: Queryable, id: number, fingerprint: string, currentStatus: QueryStatus) {
    const existing = await this.deps.templateStore.templateByFingerprint(fingerprint, tx);
    if (existing && Number(existing.id) !== id) {
      throw conflict(`A template with the same Cypher shape already exists (query ${existing.id})`, {
        current_status: currentStatus,
        template_id: Number(existing.id),
      });
    }
  }

  /** Everything a template needs, after checking the Cypher is read-only and plans on the graph. */
  private async templateFields(
    question: string,
    cypher: string,
    parameters: Record<string, unknown>,
    names?: string[],
  ): Promise<TemplateFields> {
    let fingerprint: ReturnType<typeof fingerprintCypher>;
    let template: ReturnType<typeof parameterizeCypher>;
    try {
      fingerprint = fingerprintCypher(cypher);
      template = parameterizeCypher(cypher, parameters, names);
    } catch (error) {
      if (error instanceof TemplateNamesError) throw badRequest(`\`parameters\` does not fit the Cypher: ${error.message}.`, [{ path: 'body.parameters', message: error.message }]);
      throw unprocessable('cypher-invalid', 'Query is not valid Cypher', error instanceof Error ? error.message : String(error));
    }
    const examples = Object.fromEntries(template.parameters.map((p) => [p.name, p.example])) as QueryParams;
    // Both texts must parse and plan as read-only: the one stored and the template that will run.
    await this.deps.graph.validate(cypher, parameters as QueryParams);
    await this.deps.graph.validate(template.cypher, examples);
    const pattern = buildPattern(question, slotsOf(template.parameters), await this.words());
    let templateParameters: SourcedParameter[];
    try {
      templateParameters = sourceParameters({ question, templateCypher: template.cypher, parameters: template.parameters, slots: pattern.slots });
    } catch (error) {
      if (!(error instanceof UncarriedValueError)) throw error;
      throw unprocessable('value-not-in-question', 'The question does not carry a value of the query', error.message, {
        parameter: error.parameter,
        value: error.value,
      });
    }
    return {
      question,
      questionNormalized: normalizeQuestion(question),
      cypher,
      parameters,
      fingerprint: fingerprint.fingerprint,
      cypherNormalized: fingerprint.normalized,
      templateCypher: template.cypher,
      templateParameters,
      pattern: pattern.pattern,
      matchKey: patternMatchKey(pattern.pattern) || null,
    };
  }
}
