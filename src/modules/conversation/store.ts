import { randomUUID } from 'node:crypto';
import type { Queryable, RelationalStore } from '../../stores/relational/index.js';

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

export class MessageStore {
  constructor(private readonly db: RelationalStore) {}

  /** Appends under the session's row lock; the session counts it. */
  async append(
    tx: Queryable,
    message: { sessionId: string; role: 'user' | 'assistant'; content: string; runId?: string | null; answer?: Record<string, unknown> | null },
  ): Promise<MessageRow> {
    const { rows: counted } = await tx.query<{ seq: number }>(
      `UPDATE chat_sessions SET message_count = message_count + 1, last_activity_at = now() WHERE id = $1 RETURNING message_count AS seq`,
      [message.sessionId],
    );
    const { rows } = await tx.query<MessageRow>(
      `INSERT INTO chat_messages (id, session_id, seq, role, content, run_id, answer) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
      [
        randomUUID(),
        message.sessionId,
        counted[0]!.seq,
        message.role,
        message.content,
        message.runId ?? null,
        message.answer ? JSON.stringify(message.answer) : null,
      ],
    );
    return rows[0]!;
  }

  /** The run's answer, written once: a step that runs again gets the one already written. */
  async appendAnswer(sessionId: string, runId: string, content: string, answer: Record<string, unknown>): Promise<MessageRow> {
    return this.db.transaction(async (tx) => {
      await tx.query('SELECT 1 FROM chat_sessions WHERE id = $1 FOR UPDATE', [sessionId]);
      return (await this.answerOf(runId, tx)) ?? this.append(tx, { sessionId, role: 'assistant', content, runId, answer });
    });
  }

  async answerOf(runId: string, tx: Queryable = this.db): Promise<MessageRow | undefined> {
    const { rows } = await tx.query<MessageRow>(`SELECT * FROM chat_messages WHERE run_id = $1 AND role = 'assistant'`, [runId]);
    return rows[0];
  }

  async setRun(tx: Queryable, messageId: string, runId: string): Promise<void> {
    await tx.query('UPDATE chat_messages SET run_id = $2 WHERE id = $1', [messageId, runId]);
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
