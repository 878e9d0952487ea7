import type { Migration } from './index.js';

/**
 * Chat sessions: owned by a subject, with a state (DESIGN.md "States") and what the
 * history list shows (title, message count, last activity). Runs, events and files of a
 * session come with the engine.
 */
export const m003ChatSessions: Migration = {
  version: 3,
  name: 'chat-sessions',
  sql: `
    CREATE TABLE chat_sessions (
      id               uuid PRIMARY KEY,
      owner            text NOT NULL,
      title            text,
      metadata         jsonb NOT NULL DEFAULT '{}'::jsonb,
      state            text NOT NULL DEFAULT 'idle'
                       CHECK (state IN ('idle', 'running', 'awaiting_disambiguation', 'awaiting_review', 'failed', 'closed')),
      message_count    integer NOT NULL DEFAULT 0,
      created_at       timestamptz NOT NULL DEFAULT now(),
      last_activity_at timestamptz NOT NULL DEFAULT now()
    );
    -- The history list: newest activity first, for one owner or for everyone (admins).
    CREATE INDEX chat_sessions_owner_activity ON chat_sessions (owner, last_activity_at DESC, id DESC);
    CREATE INDEX chat_sessions_activity ON chat_sessions (last_activity_at DESC, id DESC);
  `,
};
