import type { Migration } from './index.js';

/**
 * What curators need to decide where to look first.
 *
 * `queries.confidence` (0..1) and `queries.assessment` are how sure the service was of a query
 * it wrote and why (what each word of the question mapped to, which mappings were guesses,
 * whether the answer was empty); null for queries written by people.
 *
 * `answer_feedback` holds a user's verdict on an answer (one per user and answer message, the
 * last one counts). A "wrong" puts the query behind the answer in front of curators (the
 * template it reused, or the pending query it queued): `queries.attention_at` is set, with the
 * failed question in `attention`, until a curator decides on it again (amends, approves, rejects).
 */
export const m011QueryAssessmentAndFeedback: Migration = {
  version: 11,
  name: 'query-assessment-and-feedback',
  sql: `
    ALTER TABLE queries ADD COLUMN confidence real CHECK (confidence >= 0 AND confidence <= 1);
    ALTER TABLE queries ADD COLUMN assessment jsonb;
    ALTER TABLE queries ADD COLUMN attention_at timestamptz;
    ALTER TABLE queries ADD COLUMN attention jsonb;
    CREATE INDEX queries_pending_confidence ON queries (confidence, id) WHERE status = 'pending';
    CREATE INDEX queries_template_attention ON queries (attention_at, id) WHERE status = 'approved' AND attention_at IS NOT NULL;

    CREATE TABLE answer_feedback (
      message_id   uuid NOT NULL REFERENCES chat_messages (id) ON DELETE CASCADE,
      created_by   text NOT NULL,
      session_id   uuid NOT NULL REFERENCES chat_sessions (id) ON DELETE CASCADE,
      run_id       uuid,
      verdict      text NOT NULL CHECK (verdict IN ('right', 'wrong')),
      comment      text,
      question     text NOT NULL,
      template_id  bigint,
      query_id     bigint,
      created_at   timestamptz NOT NULL DEFAULT now(),
      updated_at   timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (message_id, created_by)
    );
    CREATE INDEX answer_feedback_template ON answer_feedback (template_id, created_at) WHERE template_id IS NOT NULL;
  `,
};
