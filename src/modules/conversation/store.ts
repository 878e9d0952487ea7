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
   * The run's answer, written once (one statement): a step that runs again gets the one already
   * written. Two writers at once (a worker that lost its lease and its successor) meet at the
   * one-answer-per-run index; the loser reads the winner's.
   */
  async appendAnswer(sessionId: string, runId: string, content: string, answer: Record<string, unknown>): Promise<MessageRow> {
    const { rows } = await this.db.query<MessageRow>(
      `WITH existing AS (
         SELECT * FROM chat_messages WHERE run_id = $3 AND role = 'assistant'
       ), counted AS (
         UPDATE chat_sessions SET message_count = message_count + 1, last_activity_at = now()
          WHERE id = $2 AND NOT EXISTS (SELECT 1 FROM existing) RETURNING message_count AS seq
       ), inserted AS (
         INSERT INTO chat_messages (id, session_id, seq, role, content, run_id, answer)
         SELECT $1, $2, counted.seq, 'assistant', $4, $3, $5 FROM counted
         ON CONFLICT (run_id) WHERE role = 'assistant' DO NOTHING
         RETURNING *
       )
       SELECT * FROM inserted UNION ALL SELECT * FROM existing`,
      [randomUUID(), sessionId, runId, content, JSON.stringify(answer)],
    );
    const row = rows[0] ?? (await this.answerOf(runId));
    if (!row) throw new Error(`no session ${sessionId}`);
    return row;
  }

  async answerOf(runId: string, tx: Queryable = this.db): Promise<MessageRow | undefined> {
    const { rows } = await tx.query<MessageRow>(`SELECT * FROM chat_messages WHERE run_id = $1 AND role = 'assistant'`, [runId]);
    return rows[0];
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
