import type { Migration } from './index.js';

/**
 * The conversation: a session's messages, the review items its runs open, and the memories
 * it keeps between turns (disambiguation choices, reviewers' corrections and comments, the
 * entities last talked about).
 */
export const m006Conversation: Migration = {
  version: 6,
  name: 'conversation',
  sql: `
    CREATE TABLE chat_messages (
      id         uuid PRIMARY KEY,
      session_id uuid NOT NULL REFERENCES chat_sessions (id) ON DELETE CASCADE,
      seq        integer NOT NULL,
      role       text NOT NULL CHECK (role IN ('user', 'assistant')),
      content    text NOT NULL,
      run_id     uuid REFERENCES runs (id) ON DELETE SET NULL,
      answer     jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (session_id, seq)
    );
    -- One answer per run: a step that runs again after a takeover writes the same answer.
    CREATE UNIQUE INDEX chat_messages_answer ON chat_messages (run_id) WHERE role = 'assistant';

    CREATE TABLE review_items (
      id          uuid PRIMARY KEY,
      session_id  uuid NOT NULL REFERENCES chat_sessions (id) ON DELETE CASCADE,
      run_id      uuid NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
      node        text NOT NULL,
      subject     text NOT NULL CHECK (subject IN ('query', 'answer')),
      question    text NOT NULL,
      cypher      text NOT NULL,
      parameters  jsonb NOT NULL DEFAULT '{}'::jsonb,
      owner_may_decide boolean NOT NULL,
      status      text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
      decided_by  text,
      decided_as  text CHECK (decided_as IN ('reviewer', 'owner')),
      decided_at  timestamptz,
      comment     text,
      edited_cypher text,
      created_at  timestamptz NOT NULL DEFAULT now(),
      UNIQUE (run_id, node)
    );
    CREATE INDEX review_items_pending ON review_items (session_id, created_at) WHERE status = 'pending';
    CREATE INDEX review_items_decided ON review_items (decided_at DESC, id DESC) WHERE status <> 'pending';

    CREATE TABLE session_memories (
      id         uuid PRIMARY KEY,
      session_id uuid NOT NULL REFERENCES chat_sessions (id) ON DELETE CASCADE,
      kind       text NOT NULL CHECK (kind IN ('disambiguation', 'correction', 'comment', 'focus')),
      key        text NOT NULL,
      value      jsonb NOT NULL,
      source     jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (session_id, kind, key)
    );
  `,
};
