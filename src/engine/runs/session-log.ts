import type { Statement } from '../../stores/relational/index.js';

/**
 * A session's row numbers everything logged in it: `last_event_id` hands out event ids and
 * `message_count` message numbers, gapless, under the row's lock. This is the statement part
 * that takes those numbers (and, when asked, gates on who may write and moves the state), so
 * that events and messages are inserted in the same statement, after it.
 *
 * The part is named `session`; its row (none when the session is missing or the gate refused)
 * has `id`, `owner`, `state`, `event_base` (the new events get `event_base + 1`, ...) and
 * `message_base` (likewise for messages: a statement logs at most one).
 */
export interface SessionLogPart {
  sessionId: string;
  /** Events logged by the statement. */
  events: number;
  /** Messages logged, as an SQL expression (`0`, `1`, or a condition's 0 or 1). */
  messages?: string;
  /** Only when this subject owns the session (or `admin`), and the session is not closed. */
  viewer?: { sub: string; admin: boolean };
  /** Only when the session has no run under way (its state is idle or failed). */
  idleOnly?: boolean;
  /** The session's new state, as an SQL expression over its columns. */
  state?: string;
  /** Only when this part (another of the statement's, such as a lease's fence) has a row. */
  guard?: string;
}

export function sessionLogPart(st: Statement, part: SessionLogPart): 'session' {
  const messages = part.messages ?? '0';
  const events = st.param(part.events, 'integer');
  const where = [`id = ${st.param(part.sessionId, 'uuid')}`];
  if (part.viewer) {
    where.push(`(owner = ${st.param(part.viewer.sub)} OR ${st.param(part.viewer.admin, 'boolean')})`, `state <> 'closed'`);
  }
  if (part.idleOnly) where.push(`state IN ('idle', 'failed')`);
  if (part.guard) where.push(`EXISTS (SELECT 1 FROM ${part.guard})`);
  return st.with(
    'session',
    `UPDATE chat_sessions
        SET last_event_id = last_event_id + ${events}, message_count = message_count + ${messages},
            last_activity_at = now()${part.state ? `, state = ${part.state}` : ''}
      WHERE ${where.join(' AND ')}
      RETURNING id, owner, state, last_event_id - ${events} AS event_base, message_count - (${messages}) AS message_base`,
  ) as 'session';
}
