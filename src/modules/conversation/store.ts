import { randomUUID } from 'node:crypto';
import { v5 as uuidV5 } from 'uuid';
import type { Queryable, RelationalStore, Statement } from '../../stores/relational/index.js';

/** SQL for a session's messages. `seq` orders them; the session row hands it out. */

export interface MessageRow {
  id: string;
  session_id: string;
  seq: number;
  role: 'user' | 'assistant';
  content: string;
  run_id: string | null;
  answer: Record<string, unknown> | null;
  created_at: Date;
}

/** The namespace of answer message ids (a fixed, random UUID). */
const ANSWER_NAMESPACE = 'c1f4e0a2-6d0b-4f3e-9a57-2b8e51f0d9c4';

/** The id of a run's answer message: the same every time the run's answer step runs. */
export const answerMessageId = (runId: string): string => uuidV5(runId, ANSWER_NAMESPACE);

/** A user's message, logged by the statement that queues the run answering it. */
export interface NewMessage {
  id: string;
  content: string;
  runId: string;
}

/**
 * The statement part that inserts a user message numbered after `session`'s `message_base` (a
 * sessionLogPart that counted one message).
 */
export function userMessagePart(st: Statement, session: string, message: NewMessage): string {
  return st.with(
    'user_message',
    `INSERT INTO chat_messages (id, session_id, seq, role, content, run_id)
     SELECT ${st.param(message.id, 'uuid')}, s.id, s.message_base + 1, 'user', ${st.param(message.content)}, ${st.param(message.runId, 'uuid')}
       FROM ${session} s RETURNING id`,
  );
}

export class MessageStore {
  constructor(private readonly db: RelationalStore) {}

  /** Appends under the session's row lock (the session counts it and hands out `seq`), in one statement. */
  async append(
    tx: Queryable,
    message: { id?: string; sessionId: string; role: 'user' | 'assistant'; content: string; runId?: string | null; answer?: Record<string, unknown> | null },
  ): Promise<MessageRow> {
    const { rows } = await tx.query<MessageRow>(
      `WITH counted AS (
         UPDATE chat_sessions SET message_count = message_count + 1, last_activity_at = now() WHERE id = $2 RETURNING message_count AS seq
       )
       INSERT INTO chat_messages (id, session_id, seq, role, content, run_id, answer)
       SELECT $1, $2, counted.seq, $3, $4, $5, $6 FROM counted RETURNING *`,
      [message.id ?? randomUUID(), message.sessionId, message.role, message.content, message.runId ?? null, message.answer ? JSON.stringify(message.answer) : null],
    );
    if (!rows[0]) throw new Error(`no session ${message.sessionId}`);
    return rows[0];
  }

  /**
   * The run's answer, written once, in the caller's transaction (the run's commit, with its
   * `answer_ready`). Its id is `answerMessageId(runId)`, so a step that runs again after a
   * takeover names the same message, and writes nothing when it is already there. Two such
   * commits never overlap (each holds its run's job row first, the lease's fence); if they did,
   * the unique answer-per-run index would still keep one message, but the count could run one ahead.
   */
  async appendAnswer(tx: Queryable, answer: { sessionId: string; runId: string; content: string; answer: Record<string, unknown> }): Promise<void> {
    await tx.query(
      `WITH counted AS (
         UPDATE chat_sessions SET message_count = message_count + 1, last_activity_at = now()
          WHERE id = $2 AND NOT EXISTS (SELECT 1 FROM chat_messages WHERE run_id = $3 AND role = 'assistant')
          RETURNING message_count AS seq
       )
       INSERT INTO chat_messages (id, session_id, seq, role, content, run_id, answer)
       SELECT $1, $2, counted.seq, 'assistant', $4, $3, $5 FROM counted
       ON CONFLICT DO NOTHING`,
      [answerMessageId(answer.runId), answer.sessionId, answer.runId, answer.content, JSON.stringify(answer.answer)],
    );
  }

  async get(id: string): Promise<MessageRow | undefined> {
    const { rows } = await this.db.query<MessageRow>('SELECT * FROM chat_messages WHERE id = $1', [id]);
    return rows[0];
  }

  async list(sessionId: string, limit: number, afterSeq: number): Promise<MessageRow[]> {
    const { rows } = await this.db.query<MessageRow>(
      'SELECT * FROM chat_messages WHERE session_id = $1 AND seq > $2 ORDER BY seq LIMIT $3',
      [sessionId, afterSeq, limit],
    );
    return rows;
  }
}
