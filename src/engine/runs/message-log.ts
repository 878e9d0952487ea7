import { v5 as uuidV5 } from 'uuid';
import type { Statement } from '../../stores/relational/index.js';

/** How a run's messages enter its session's history: the question it answers and its answer, as statement parts. */

/** The namespace of answer message ids (a fixed, random UUID). */
const ANSWER_NAMESPACE = 'c1f4e0a2-6d0b-4f3e-9a57-2b8e51f0d9c4';

/** The id of a run's answer message: the same every time the run's answer step runs. */
export const answerMessageId = (runId: string): string => uuidV5(runId, ANSWER_NAMESPACE);

/** A user's message, logged by the statement that queues the run answering it. */
export interface NewMessage {
  id: string;
  content: string;
  runId: string;
  /** Who sent it (the owner, or an admin in someone else's session). */
  sentBy?: string;
}

/**
 * The statement part that inserts a user message numbered after `session`'s `message_base` (a
 * sessionLogPart that counted one message).
 */
export function userMessagePart(st: Statement, session: string, message: NewMessage): string {
  return st.with(
    'user_message',
    `INSERT INTO chat_messages (id, session_id, seq, role, content, run_id, sent_by)
     SELECT ${st.param(message.id, 'uuid')}, s.id, s.message_base + 1, 'user', ${st.param(message.content)}, ${st.param(message.runId, 'uuid')},
            ${st.param(message.sentBy ?? null)}
       FROM ${session} s RETURNING id`,
  );
}

/** A run's answer, as the session's history keeps it. */
export interface NewAnswer {
  sessionId: string;
  runId: string;
  content: string;
  answer: Record<string, unknown>;
}

const answerExists = (st: Statement, runId: string) =>
  `EXISTS (SELECT 1 FROM chat_messages WHERE run_id = ${st.param(runId, 'uuid')} AND role = 'assistant')`;

/** The messages a run's answer adds to the session's count (sessionLogPart): none when it is already there. */
export function answerCount(st: Statement, runId: string): string {
  return `(CASE WHEN ${answerExists(st, runId)} THEN 0 ELSE 1 END)`;
}

/**
 * The statement part that writes a run's answer once, numbered after `session`'s
 * `message_base` (counted by answerCount). Its id is `answerMessageId(runId)`, so a step that
 * runs again after a takeover names the same message, and writes nothing when it is there.
 */
export function answerPart(st: Statement, session: string, answer: NewAnswer): string {
  return st.with(
    'answer_message',
    `INSERT INTO chat_messages (id, session_id, seq, role, content, run_id, answer)
     SELECT ${st.param(answerMessageId(answer.runId), 'uuid')}, s.id, s.message_base + 1, 'assistant', ${st.param(answer.content)},
            ${st.param(answer.runId, 'uuid')}, ${st.param(JSON.stringify(answer.answer), 'jsonb')}
       FROM ${session} s
      WHERE NOT ${answerExists(st, answer.runId)}
     ON CONFLICT DO NOTHING
     RETURNING id`,
  );
}
