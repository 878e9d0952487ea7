import type { Principal } from '../../platform/auth/roles.js';
import { notFound } from '../../platform/problem.js';
import type { Metrics } from '../../platform/metrics/metrics.js';
import type { RelationalStore } from '../../stores/relational/index.js';
import type { SessionService } from '../chat/service.js';

/**
 * A user's verdict on an answer: right or wrong, once per user and answer (the last one counts).
 * A "wrong" puts the query behind the answer in front of curators, with the question whose
 * answer failed: the template it reused, or the pending query it queued (`queries.attention`,
 * cleared when a curator decides on the query again).
 */

export type Verdict = 'right' | 'wrong';

interface AnswerMessage {
  id: string;
  run_id: string | null;
  template_id: number | null;
  question: string | null;
}

export class FeedbackService {
  constructor(private readonly deps: { db: RelationalStore; sessions: Pick<SessionService, 'visible'>; metrics?: Pick<Metrics, 'feedback'> }) {}

  async give(principal: Principal, sessionId: string, messageId: string, body: { verdict: Verdict; comment?: string }) {
    await this.deps.sessions.visible(principal, sessionId);
    const { db } = this.deps;
    const { rows } = await db.query<AnswerMessage>(
      `SELECT m.id, m.run_id, (m.answer->>'template_id')::bigint AS template_id, r.input->>'question' AS question
       FROM chat_messages m LEFT JOIN runs r ON r.id = m.run_id
       WHERE m.id = $1 AND m.session_id = $2 AND m.role = 'assistant' AND m.answer IS NOT NULL`,
      [messageId, sessionId],
    );
    const message = rows[0];
    if (!message) throw notFound(`No answer ${messageId} in session ${sessionId}`);
    const question = message.question ?? '';
    const comment = body.comment ?? null;

    const given = await db.transaction(async (tx) => {
      // The query behind the answer: the template it reused, else the one its run queued.
      const target = message.template_id
        ? Number(message.template_id)
        : message.run_id
          ? ((await tx.query<{ id: number }>(`SELECT id FROM queries WHERE run_id = $1 AND status = 'pending' ORDER BY id LIMIT 1`, [message.run_id])).rows[0]?.id ?? null)
          : null;
      const previous = (
        await tx.query<{ verdict: Verdict }>('SELECT verdict FROM answer_feedback WHERE message_id = $1 AND created_by = $2 FOR UPDATE', [messageId, principal.sub])
      ).rows[0];
      const { rows: saved } = await tx.query<{ created_at: Date; updated_at: Date }>(
        `INSERT INTO answer_feedback (message_id, created_by, session_id, run_id, verdict, comment, question, template_id, query_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (message_id, created_by) DO UPDATE SET verdict = EXCLUDED.verdict, comment = EXCLUDED.comment, updated_at = now()
         RETURNING created_at, updated_at`,
        [messageId, principal.sub, sessionId, message.run_id, body.verdict, comment, question, message.template_id, target],
      );
      let needsAttention = false;
      if (body.verdict === 'wrong' && target !== null) {
        // A user who says "wrong" again about the same answer is one report, not two.
        const { rowCount } = await tx.query(
          `UPDATE queries SET attention_at = coalesce(attention_at, now()),
             attention = jsonb_build_object('reason', 'reported_wrong', 'question', $2::text, 'session_id', $3::text, 'message_id', $4::text,
                                            'reported_by', $5::text, 'comment', $6::text,
                                            'reports', coalesce((attention->>'reports')::int, 0) + CASE WHEN $7 THEN 0 ELSE 1 END)
           WHERE id = $1 AND status IN ('approved', 'pending')`,
          [target, question, sessionId, messageId, principal.sub, comment, previous?.verdict === 'wrong'],
        );
        needsAttention = rowCount > 0;
      }
      return {
        message_id: messageId,
        verdict: body.verdict,
        comment,
        query_id: target,
        used_template: message.template_id !== null,
        sent_to_curators: needsAttention,
        created_at: saved[0]!.created_at.toISOString(),
        updated_at: saved[0]!.updated_at.toISOString(),
      };
    });
    this.deps.metrics?.feedback.inc({ verdict: body.verdict });
    return given;
  }
}
