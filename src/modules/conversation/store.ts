import { Statement } from '../../stores/relational/index.js';
import type { Queryable, RelationalStore } from '../../stores/relational/index.js';
import { sessionLogPart } from '../../engine/runs/session-log.js';
import { answerCount, answerPart } from '../../engine/runs/message-log.js';
import type { NewAnswer } from '../../engine/runs/message-log.js';

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
  sent_by: string | null;
}

export class MessageStore {
  constructor(private readonly deps: { db: RelationalStore }) {}

  /**
   * The run's answer, written once (see answerPart), with the session's count, in one statement.
   * Two commits of one run never overlap (each holds its run's job row first, the lease's
   * fence); if they did, the unique answer-per-run index would still keep one message, but the
   * count could run one ahead.
   */
  async appendAnswer(q: Queryable, answer: NewAnswer): Promise<void> {
    const st = new Statement();
    const session = sessionLogPart(st, { sessionId: answer.sessionId, events: 0, messages: answerCount(st, answer.runId) });
    answerPart(st, session, answer);
    await q.query(st.text('SELECT 1'), st.params);
  }

  async get(id: string): Promise<MessageRow | undefined> {
    const { rows } = await this.deps.db.query<MessageRow>('SELECT * FROM chat_messages WHERE id = $1', [id]);
    return rows[0];
  }

  async list(sessionId: string, limit: number, afterSeq: number): Promise<MessageRow[]> {
    const { rows } = await this.deps.db.query<MessageRow>(
      'SELECT * FROM chat_messages WHERE session_id = $1 AND seq > $2 ORDER BY seq LIMIT $3',
      [sessionId, afterSeq, limit],
    );
    return rows;
  }
}
