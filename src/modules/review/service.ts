import { hasRole } from '../../platform/auth/roles.js';
import type { Principal } from '../../platform/auth/roles.js';
import { decodeCursor, keysetPage } from '../../platform/pagination.js';
import { DomainError } from '../../platform/domain-error.js';
import { conflict, forbidden, notFound, unprocessable } from '../../platform/problem.js';
import type { GraphStore } from '../../stores/graph/port.js';
import type { RelationalStore } from '../../stores/relational/index.js';
import type { SessionStore } from '../chat/store.js';
import type { MemoryStore } from '../memories/store.js';
import type { RunService } from '../runs/service.js';
import type { ReviewHistoryQuery } from './schemas.js';
import type { ReviewRow, ReviewStore } from './store.js';
import { isoOrNull } from '../../platform/iso-date.js';

export const toApiReview = (row: ReviewRow) => ({
  review_id: row.id,
  session_id: row.session_id,
  run_id: row.run_id,
  subject: row.subject,
  question: row.question,
  cypher: row.cypher,
  parameters: row.parameters,
  status: row.status,
  owner_may_decide: row.owner_may_decide,
  decided_by: row.decided_by,
  decided_as: row.decided_as,
  decided_at: isoOrNull(row.decided_at),
  comment: row.comment,
  edited_cypher: row.edited_cypher,
  created_at: row.created_at.toISOString(),
});

export interface Decision {
  status: 'approved' | 'rejected';
  cypher?: string;
  comment?: string;
}

/** What ReviewService works with. */
export interface ReviewServiceDeps {
  db: RelationalStore;
  reviews: ReviewStore;
  memoryStore: MemoryStore;
  sessions: SessionStore;
  runs: RunService;
  graph: GraphStore;
}

/**
 * Review items and what a session remembers. A decision is taken once (409 after), commits
 * with the answer it hands to the waiting run, and leaves memories: an edited query as a
 * correction, a comment as a comment.
 */
export class ReviewService {
  constructor(private readonly deps: ReviewServiceDeps) {}

  private async session(sessionId: string) {
    const session = await this.deps.sessions.get(sessionId);
    if (!session) throw notFound(`No session ${sessionId}`);
    return session;
  }

  async pending(sessionId: string, query: { limit: number; cursor?: string }) {
    await this.session(sessionId);
    const after = query.cursor ? decodeCursor(query.cursor, ['string', 'string']) : undefined;
    const rows = await this.deps.reviews.pending(sessionId, query.limit + 1, after ? { at: String(after[0]), id: String(after[1]) } : undefined);
    const { page, next_cursor } = keysetPage(rows, query.limit, (r) => [r.sort_key, r.id]);
    return { items: page.map(toApiReview), next_cursor };
  }

  async history(query: ReviewHistoryQuery) {
    const after = query.cursor ? decodeCursor(query.cursor, ['string', 'string']) : undefined;
    const rows = await this.deps.reviews.history(
      { sessionId: query.session_id, reviewer: query.reviewer, decision: query.decision, since: query.since, until: query.until },
      query.limit + 1,
      after ? { at: String(after[0]), id: String(after[1]) } : undefined,
    );
    const { page, next_cursor } = keysetPage(rows, query.limit, (r) => [r.sort_key, r.id]);
    return { items: page.map(toApiReview), next_cursor };
  }

  async memories(principal: Principal, sessionId: string, query: { limit: number; cursor?: string }) {
    const session = await this.session(sessionId);
    if (session.owner !== principal.sub && !hasRole(principal, 'reviewer')) throw notFound(`No session ${sessionId}`);
    const after = query.cursor ? decodeCursor(query.cursor, ['string', 'string']) : undefined;
    const rows = await this.deps.memoryStore.list(sessionId, query.limit + 1, after ? { at: String(after[0]), id: String(after[1]) } : undefined);
    const { page, next_cursor } = keysetPage(rows, query.limit, (r) => [r.sort_key, r.id]);
    return {
      items: page.map((m) => ({
        memory_id: m.id,
        kind: m.kind,
        key: m.key,
        value: m.value,
        source: m.source,
        created_at: m.created_at.toISOString(),
        updated_at: m.updated_at.toISOString(),
      })),
      next_cursor,
    };
  }

  /**
   * Decides a pending item of the session, as a reviewer or as the session's owner (when the
   * item lets the owner decide), and hands the decision to the waiting run.
   */
  async decide(principal: Principal, sessionId: string, reviewId: string, decision: Decision, as: 'reviewer' | 'owner') {
    const session = await this.session(sessionId);
    if (as === 'owner' && session.owner !== principal.sub) throw notFound(`No session ${sessionId}`);
    // Owners approve or reject; putting a query of one's own before the graph (and before curators, in one's
    // name) is a reviewer's decision.
    if (as === 'owner' && decision.cypher && !hasRole(principal, 'reviewer')) {
      throw forbidden('Editing the query under review needs the reviewer role; as the session’s owner, approve or reject it.');
    }
    if (decision.cypher) {
      // An edited query must pass the same read-only checks before it can be approved.
      try {
        await this.deps.graph.validate(decision.cypher);
      } catch (error) {
        if (error instanceof DomainError && error.category === 'refused') {
          throw unprocessable(error.kind, error.title, `The edited query cannot be approved: ${error.message}`);
        }
        throw error;
      }
    }
    const row = await this.deps.db.transaction(async (tx) => {
      const item = await this.deps.reviews.getForUpdate(tx, reviewId);
      if (!item || item.session_id !== sessionId) throw notFound(`No review item ${reviewId} in session ${sessionId}`);
      if (as === 'owner' && !item.owner_may_decide) throw forbidden('The review policy leaves this item to reviewers.');
      if (item.status !== 'pending') throw conflict(`Review item ${reviewId} is already ${item.status}.`, { current_status: item.status });
      const decided = await this.deps.reviews.decide(tx, reviewId, {
        status: decision.status,
        by: principal.sub,
        as,
        comment: decision.comment,
        editedCypher: decision.cypher,
      });
      const source = { review_id: reviewId, run_id: item.run_id, by: principal.sub, as };
      if (decision.cypher && decision.cypher !== item.cypher) {
        await this.deps.memoryStore.save(sessionId, { kind: 'correction', key: item.question, value: { question: item.question, original: item.cypher, corrected: decision.cypher }, source }, tx);
      }
      if (decision.comment) {
        await this.deps.memoryStore.save(sessionId, { kind: 'comment', key: reviewId, value: { question: item.question, comment: decision.comment, decision: decision.status }, source }, tx);
      }
      await this.deps.runs.deliver(
        tx,
        item.run_id,
        { decision: decision.status, cypher: decision.cypher, comment: decision.comment, reason: decision.status === 'rejected' ? decision.comment : undefined, by: principal.sub },
        'review_decided',
        (request) => request.kind === 'review' && request.data?.review_id === reviewId,
      );
      return decided;
    });
    return toApiReview(row);
  }
}
