import { createHash } from 'node:crypto';
import { fingerprintCypher } from '../../cypher/fingerprint.js';
import { parameterizeCypher } from '../../cypher/parameterize.js';
import { matchKeysOf, patternMatchKey } from '../../planner/match/match-keys.js';
import { buildPattern, matchQuestion, slotsOf } from '../../planner/match/pattern-match.js';
import { MATCH_THRESHOLD } from '../../planner/match/alignment.js';
import type { QueryAssessment } from './assessment.js';
import { fillFromSession } from '../../planner/match/parameter-sources.js';
import type { SessionEntity } from '../../planner/match/parameter-sources.js';
import { asRead, matchingQuestion, NO_WORDS, normalizeQuestion, type MatcherWords, type ReadText } from '../../planner/match/question.js';
import type { ApiQuery, QueryService } from './service.js';
import { SIMILAR_MAX, SIMILARITY_MIN } from './service.js';
import type { CurationStore } from './curation-store.js';
import type { TemplateCandidateRow } from './query-rows.js';
import type { TemplateStore } from './template-store.js';

/**
 * Templates at work, for the conversation: find the template that answers a question and
 * fill its parameters; record a query the service wrote, reusing a template of the same
 * shape instead of queueing a duplicate; count reuses.
 */

/** Most templates one question is aligned with (those sharing one of its candidate keys). */
export const MATCH_CANDIDATES = 50;

/** How much of a pattern is fixed words rather than slots. */
const patternSpecificity = (pattern: string) => pattern.split(/\s+/).filter((part) => part && !part.startsWith('{')).length;

export type TemplateMatch =
  | {
      matched: true;
      template_id: number;
      cypher: string;
      parameters: Record<string, unknown>;
      score: number;
      reason: string;
    }
  | { matched: false; score: number; reason: string; best_template_id?: number };

/** Values captured from a question take the type of the example they replace. */
function typed(example: unknown, captured: string): unknown {
  if (typeof example === 'number') {
    const n = Number(captured.replace(/,/g, ''));
    return Number.isFinite(n) ? n : undefined;
  }
  return captured;
}

/**
 * The template's parameters for this question: its slots from the question's words (typed as
 * their examples), the rest from what the session resolved (parameter-sources.ts), never the
 * values of the conversation the template was approved from.
 */
function fill(candidate: TemplateCandidateRow, question: ReadText, values: Record<string, string>, entities: readonly SessionEntity[]) {
  const captured: Record<string, unknown> = {};
  for (const p of candidate.template_parameters) {
    if (values[p.name] === undefined) continue;
    const value = typed(p.example, values[p.name]!);
    if (value === undefined) return { ok: false as const, reason: 'a captured value has the wrong type' };
    captured[p.name] = value;
  }
  return fillFromSession({ question, parameters: candidate.template_parameters, captured, entities });
}

export interface RecordInput {
  question: string;
  cypher: string;
  parameters?: Record<string, unknown>;
  sessionId?: string | null;
  messageId?: string | null;
  runId?: string | null;
  createdBy: string;
  /** Set when the service refused to run the query (not read-only, invalid) or a reviewer declined it. */
  declinedReason?: string;
  /** How sure the service was of the query and why. */
  assessment?: QueryAssessment;
}

export type RecordOutcome =
  | { outcome: 'reused'; template: ApiQuery }
  | { outcome: 'queued' | 'declined'; query: ApiQuery };

export class TemplateService {
  constructor(
    private readonly deps: {
      curation: CurationStore;
      templateStore: TemplateStore;
      queries: QueryService;
      /** The deployment's words for the matcher (its synonyms); the same the patterns were built with. None when absent. */
      words?: () => Promise<MatcherWords>;
    },
  ) {}

  private words(): Promise<MatcherWords> {
    return this.deps.words ? this.deps.words() : Promise.resolve(NO_WORDS);
  }

  /**
   * Rebuilds every approved template's pattern and match key when the words they were built with
   * changed (a synonym added or deleted, a new release reading words otherwise), so a template
   * still matches the questions it matched. Cheap when nothing changed: one row read. Processes
   * doing it at once write the same keys.
   */
  async rekey(): Promise<number> {
    const words = await this.words();
    if ((await this.deps.templateStore.patternStamp()) === words.stamp) return 0;
    let changed = 0;
    for (const row of await this.deps.templateStore.templatePatterns()) {
      const pattern = buildPattern(row.question, slotsOf(row.template_parameters ?? []), words).pattern;
      const matchKey = patternMatchKey(pattern) || null;
      if (pattern === row.pattern && matchKey === row.match_key) continue;
      await this.deps.templateStore.setPattern(Number(row.id), pattern, matchKey);
      changed++;
    }
    await this.deps.templateStore.setPatternStamp(words.stamp);
    return changed;
  }

  /**
   * The best template for a question with its parameters filled, or why none fits. `entities`
   * are the things the session resolved the question's mentions to (pronouns and choices included).
   */
  async match(asked: string | ReadText, entities: readonly SessionEntity[] = []): Promise<TemplateMatch> {
    const question = asRead(asked);
    const words = await this.words();
    // The question's matcher tokens, once for every candidate.
    const matching = matchingQuestion(question, words);
    const keys = matchKeysOf(matching.tokens).filter(Boolean);
    if (keys.length === 0) return { matched: false, score: 0, reason: 'the question has no significant words' };
    const candidates = await this.deps.templateStore.templateCandidates(keys, MATCH_CANDIDATES);
    let best: { candidate: TemplateCandidateRow; score: number; reason: string; values?: Record<string, string>; specificity: number } | undefined;
    for (const candidate of candidates) {
      const result = matchQuestion(candidate.pattern, matching, words);
      const specificity = patternSpecificity(candidate.pattern);
      // Equal scores: the more specific template wins ("who acted with {name} in {title}" over "who acted in {title}").
      if (!best || result.score > best.score || (result.score === best.score && specificity > best.specificity)) {
        best = { candidate, score: result.score, reason: result.reason, values: 'values' in result ? result.values : undefined, specificity };
      }
    }
    if (!best) return { matched: false, score: 0, reason: 'no template asks for the same things as this question' };
    const templateId = Number(best.candidate.id);
    if (best.score < MATCH_THRESHOLD || !best.values) {
      return { matched: false, score: best.score, reason: `closest template ${templateId}: ${best.reason}`, best_template_id: templateId };
    }
    const filled = fill(best.candidate, question, best.values, entities);
    if (!filled.ok) return { matched: false, score: best.score, reason: `template ${templateId}: ${filled.reason}`, best_template_id: templateId };
    return { matched: true, template_id: templateId, cypher: best.candidate.template_cypher, parameters: filled.parameters, score: best.score, reason: best.reason };
  }

  /**
   * The template whose Cypher has the shape of `cypher` (a query written for a question phrased
   * unlike the template's), with the values `cypher` holds, in the template's parameters' order.
   */
  async matchShape(cypher: string): Promise<TemplateMatch> {
    let fingerprint: string;
    let values: { example: unknown }[];
    try {
      fingerprint = fingerprintCypher(cypher).fingerprint;
      values = parameterizeCypher(cypher).parameters;
    } catch (error) {
      return { matched: false, score: 0, reason: `the query does not parse: ${error instanceof Error ? error.message : String(error)}` };
    }
    const template = await this.deps.templateStore.templateOfShape(fingerprint);
    if (!template || !template.template_cypher) return { matched: false, score: 0, reason: 'no template has the shape of this query' };
    const names = template.template_parameters ?? [];
    // The same shape has its literals in the same places; values repeated in one but not the other do not line up.
    if (names.length !== values.length) return { matched: false, score: 0, reason: `template ${template.id} has the same shape but other parameters`, best_template_id: Number(template.id) };
    const parameters = Object.fromEntries(names.map((p, i) => [p.name, values[i]!.example]));
    return { matched: true, template_id: Number(template.id), cypher: template.template_cypher, parameters, score: 1, reason: 'the same Cypher shape as the query written for this question' };
  }

  /** Whether an approved template has the shape of `cypher` (loading one is then not needed). */
  async hasTemplateFor(cypher: string): Promise<boolean> {
    return (await this.deps.templateStore.templateByFingerprint(fingerprintCypher(cypher).fingerprint)) !== undefined;
  }

  /** Counts one reuse of a template by a session (atomically); undefined if it is not a template. */
  async reuse(templateId: number, sessionId: string | null): Promise<ApiQuery | undefined> {
    const row = await this.deps.templateStore.recordReuse(templateId, sessionId);
    return row ? (await this.deps.queries.present([row]))[0] : undefined;
  }

  /**
   * Records a query the service wrote. One with the shape of an existing template is not
   * queued again: the template's reuse counters move instead.
   */
  async record(input: RecordInput): Promise<RecordOutcome> {
    let shape: { fingerprint: string; normalized: string };
    try {
      shape = fingerprintCypher(input.cypher);
    } catch (error) {
      // Text that does not even tokenize is kept, declined, under a fingerprint of its raw text.
      shape = { fingerprint: createHash('sha256').update(input.cypher).digest('hex'), normalized: input.cypher.trim() };
      input = { ...input, declinedReason: input.declinedReason ?? `invalid Cypher: ${error instanceof Error ? error.message : String(error)}` };
    }
    const { fingerprint, normalized } = shape;
    if (!input.declinedReason) {
      const template = await this.deps.templateStore.templateByFingerprint(fingerprint);
      if (template) {
        const reused = await this.reuse(Number(template.id), input.sessionId ?? null);
        if (reused) return { outcome: 'reused', template: reused };
      }
    }
    const status = input.declinedReason ? 'declined' : 'pending';
    const row = await this.deps.curation.transaction(async (tx) => {
      const inserted = await this.deps.curation.insert(tx, {
        status,
        question: input.question,
        questionNormalized: normalizeQuestion(input.question),
        cypher: input.cypher,
        parameters: input.parameters ?? {},
        fingerprint,
        cypherNormalized: normalized,
        sessionId: input.sessionId,
        messageId: input.messageId,
        runId: input.runId,
        createdBy: input.createdBy,
        reason: input.declinedReason ?? null,
        assessment: input.assessment,
      });
      await this.deps.curation.addEvent(tx, Number(inserted.id), 'recorded', input.createdBy, { status });
      if (status === 'pending') await this.deps.curation.linkSimilar(tx, Number(inserted.id), SIMILAR_MAX, SIMILARITY_MIN);
      if (status === 'declined') {
        await this.deps.curation.addEvent(tx, Number(inserted.id), 'declined', 'service', { reason: input.declinedReason });
      }
      return inserted;
    });
    return { outcome: status === 'declined' ? 'declined' : 'queued', query: (await this.deps.queries.present([row]))[0]! };
  }
}
