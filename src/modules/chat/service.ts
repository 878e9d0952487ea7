import { hasRole } from '../../platform/auth/roles.js';
import type { Principal } from '../../platform/auth/roles.js';
import { decodeCursor, keysetPage } from '../../platform/pagination.js';
import { conflict, forbidden, notFound } from '../../platform/problem.js';
import type { Queryable } from '../../stores/relational/index.js';
import type { SessionHistoryQuery } from './schemas.js';
import type { EventStore } from '../../engine/runs/event-store.js';
import type { RunStore } from '../../engine/runs/store.js';
import type { SessionRow, SessionStore } from './store.js';

/**
 * Chat sessions belong to their creator. Someone else's session is a 404, never a 403, so
 * ids cannot be probed; admins see every session.
 */

const toApi = (row: SessionRow) => ({
  session_id: row.id,
  owner: row.owner,
  title: row.title,
  metadata: row.metadata,
  state: row.state,
  message_count: row.message_count,
  created_at: row.created_at.toISOString(),
  last_activity_at: row.last_activity_at.toISOString(),
});

export class SessionService {
  constructor(private readonly deps: { store: SessionStore; events: EventStore; runs: RunStore }) {}

  /**
   * `id`: the id to create the session under (an Idempotency-Key's): when a first attempt
   * already created it (its process died before answering), it is given again.
   */
  async create(principal: Principal, input: { title?: string; metadata?: Record<string, unknown> }, options: { id?: string } = {}) {
    if (options.id) {
      const earlier = await this.deps.store.get(options.id);
      if (earlier && earlier.owner === principal.sub) return toApi(earlier);
    }
    return toApi(await this.deps.store.transaction((tx) => this.createIn(tx, principal.sub, input, options.id)));
  }

  /** Creates a session in the caller's transaction: the session and its first event commit together. */
  async createIn(tx: Queryable, owner: string, input: { title?: string; metadata?: Record<string, unknown> }, id?: string): Promise<SessionRow> {
    const created = await this.deps.store.create(tx, owner, input.title ?? null, input.metadata ?? {}, id);
    await this.deps.events.append(tx, created.id, 'session_created', { owner: created.owner, title: created.title });
    return created;
  }

  /**
   * The session if the caller may see it; 404 otherwise. Given `tx`, it is read locked for the
   * rest of that transaction.
   */
  async visible(principal: Principal, id: string, tx?: Queryable): Promise<SessionRow> {
    const row = await this.deps.store.get(id, tx, tx !== undefined);
    if (!row || (row.owner !== principal.sub && !hasRole(principal, 'admin'))) throw notFound(`No session ${id}`);
    return row;
  }

  /** 409 for a closed session: it takes no more messages or runs. */
  assertOpen(session: SessionRow): void {
    if (session.state === 'closed') throw conflict(`Session ${session.id} is closed.`, { current_state: session.state });
  }

  async status(principal: Principal, id: string) {
    const row = await this.visible(principal, id);
    const run = await this.deps.runs.currentOf(row.id);
    return {
      session_id: row.id,
      state: row.state,
      current_run_id: run?.id ?? null,
      waiting_for:
        row.state === 'awaiting_disambiguation' ? 'disambiguation' : row.state === 'awaiting_review' ? 'review' : null,
      input_request: run?.waiting_for ?? null,
      message_count: row.message_count,
      last_activity_at: row.last_activity_at.toISOString(),
    };
  }

  async history(principal: Principal, query: SessionHistoryQuery) {
    const isAdmin = hasRole(principal, 'admin');
    if (query.owner !== undefined && query.owner !== principal.sub && !isAdmin) {
      throw forbidden("Only admins may list other users' sessions.");
    }
    const owner = isAdmin ? query.owner : principal.sub;
    const after = query.cursor ? decodeCursor(query.cursor, ['string', 'string']) : undefined;
    const rows = await this.deps.store.list(
      { owner, state: query.state },
      query.limit,
      after ? { at: String(after[0]), id: String(after[1]) } : undefined,
    );
    const { page, next_cursor } = keysetPage(rows, query.limit, (r) => [r.sort_key, r.id]);
    return { items: page.map(toApi), next_cursor };
  }
}
