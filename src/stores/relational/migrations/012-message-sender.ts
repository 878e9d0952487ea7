import type { Migration } from './index.js';

/**
 * Who sent each user message: the session's owner, or an admin writing in someone else's
 * session (before this, such a message read as the owner's). Null on messages from before.
 */
export const m012MessageSender: Migration = {
  version: 12,
  name: 'message-sender',
  sql: `
    ALTER TABLE chat_messages ADD COLUMN sent_by text;
  `,
};
