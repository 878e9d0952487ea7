import type { SqlParam } from '../../stores/relational/index.js';
import type { QueryAssessment, QueryAttention } from './assessment.js';
import type { ParameterSource, SourcedParameter } from '../../planner/match/parameter-sources.js';
import type { QueryListFilters, QueryStatus } from './schemas.js';
import { QUERY_STATUSES } from './schemas.js';

/** The queries table as the stores read and write it, and the filter their lists share. */

/** A template parameter as stored: `source` is absent on templates approved before sources were recorded. */
export type StoredTemplateParameter = Omit<SourcedParameter, 'source'> & { source?: ParameterSource };


export interface QueryRow {
  id: number;
  status: QueryStatus;
  question: string;
  question_normalized: string;
  cypher: string;
  parameters: Record<string, unknown>;
  fingerprint: string;
  cypher_normalized: string;
  session_id: string | null;
  message_id: string | null;
  run_id: string | null;
  created_by: string;
  created_at: Date;
  updated_at: Date;
  updated_by: string | null;
  reason: string | null;
  revision: number;
  template_cypher: string | null;
  template_parameters: StoredTemplateParameter[] | null;
  pattern: string | null;
  match_key: string | null;
  approved_at: Date | null;
  approved_by: string | null;
  reuse_count: number;
  last_reused_at: Date | null;
  reuse_sessions: number;
  confidence: number | null;
  assessment: QueryAssessment | null;
  attention_at: Date | null;
  attention: QueryAttention | null;
}

/** A query's text as written, with the normal forms and fingerprint its lookups use. */
export interface QueryText {
  question: string;
  questionNormalized: string;
  cypher: string;
  parameters: Record<string, unknown>;
  fingerprint: string;
  cypherNormalized: string;
}

export interface NewQuery extends QueryText {
  status: 'pending' | 'declined';
  sessionId?: string | null;
  messageId?: string | null;
  runId?: string | null;
  createdBy: string;
  reason?: string | null;
  /** How sure the service was of a query it wrote, and why (absent for people's queries). */
  assessment?: QueryAssessment;
}

export interface TemplateFields extends QueryText {
  templateCypher: string;
  templateParameters: SourcedParameter[];
  pattern: string | null;
  matchKey: string | null;
}

export interface RevisionRow {
  revision: number;
  question: string;
  cypher: string;
  parameters: Record<string, unknown>;
  created_at: Date;
  created_by: string;
}

export interface EventRow {
  action: string;
  actor: string;
  at: Date;
  details: Record<string, unknown>;
}

export interface SimilarRow {
  for_id: number;
  id: number;
  status: 'pending' | 'approved';
  question: string;
  kind: 'same_fingerprint' | 'similar_question' | 'similar_cypher';
  score: number;
}

export interface TemplateCandidateRow {
  id: number;
  pattern: string;
  template_cypher: string;
  template_parameters: StoredTemplateParameter[];
  question: string;
}

/**
 * Builds the WHERE clause shared by the lists; values go in as parameters, never into the
 * text. The status is written as a literal (from the closed set, checked here) so that the
 * planner can use the partial indexes even for a prepared statement's generic plan.
 */
export function filterClause(status: QueryStatus, filters: QueryListFilters, params: SqlParam[]): string {
  if (!QUERY_STATUSES.includes(status)) throw new Error(`unknown status ${status}`);
  const where = [`status = '${status}'`];
  if (filters.q) {
    params.push(`%${filters.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`(question || ' ' || cypher) ILIKE $${params.length}`);
  }
  if (filters.session_id) {
    params.push(filters.session_id);
    where.push(`session_id = $${params.length}`);
  }
  if (filters.created_by) {
    params.push(filters.created_by);
    where.push(`created_by = $${params.length}`);
  }
  if (filters.since) {
    params.push(filters.since);
    where.push(`created_at >= $${params.length}::timestamptz`);
  }
  if (filters.until) {
    params.push(filters.until);
    where.push(`created_at < $${params.length}::timestamptz`);
  }
  if (filters.needs_attention !== undefined) where.push(`attention_at IS ${filters.needs_attention ? 'NOT ' : ''}NULL`);
  return where.join(' AND ');
}
