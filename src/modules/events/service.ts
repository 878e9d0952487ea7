import type { Principal } from '../../platform/auth/roles.js';
import { decodeCursor, keysetPage } from '../../platform/pagination.js';
import type { Queryable, RelationalStore } from '../../stores/relational/index.js';
import type { SessionService } from '../chat/service.js';
import type { EventKind, EventListQuery } from './schemas.js';
import type { EventRow } from '../../engine/runs/event-log.js';
import type { EventStore } from '../../engine/runs/event-store.js';

export const toApiEvent = (row: EventRow) => ({
  id: Number(row.id),
  timestamp: row.created_at.toISOString(),
  event: row.kind,
  run_id: row.run_id,
  data: row.data,
});

/** Events are stored before anyone hears of them; reading them follows the session's ownership. */
export class EventService {
  constructor(private readonly deps: { db: RelationalStore; store: EventStore; sessions: SessionService }) {}

  /** Appends an event in its own transaction, or in the caller's `tx` so it commits with the change it reports. */
  async publish(sessionId: string, kind: EventKind, data: Record<string, unknown>, runId: string | null = null, tx?: Queryable) {
    const row = tx
      ? await this.deps.store.append(tx, sessionId, kind, data, runId)
      : await this.deps.db.transaction((t) => this.deps.store.append(t, sessionId, kind, data, runId));
    return toApiEvent(row);
  }

  async list(principal: Principal, sessionId: string, query: EventListQuery) {
    await this.deps.sessions.visible(principal, sessionId);
    const after = query.cursor ? Number(decodeCursor(query.cursor, ['number'])[0]) : query.after;
    const rows = await this.deps.store.list(sessionId, { after, kind: query.kind, runId: query.run_id }, query.limit + 1);
    const { page, next_cursor } = keysetPage(rows, query.limit, (r) => [Number(r.id)]);
    return { items: page.map(toApiEvent), next_cursor };
  }
}
