import { randomUUID } from 'node:crypto';
import type { Principal } from '../../platform/auth/roles.js';
import { decodeCursor, keysetPage } from '../../platform/pagination.js';
import { badRequest, conflict, ProblemError } from '../../platform/problem.js';
import { NONE_OF_THESE } from '../../engine/workflows/ask/outputs.js';
import { pickOption } from '../../planner/read/choice-reply.js';
import type { RelationalStore } from '../../stores/relational/index.js';
import type { SessionService } from '../chat/service.js';
import type { EventHub } from '../events/hub.js';
import type { ReviewService } from '../review/service.js';
import type { RunService } from '../runs/service.js';
import type { RunRow, RunStore } from '../../engine/runs/store.js';
import type { z } from 'zod';
import type { AnswerSchema } from './schemas.js';
import type { MessageRow, MessageStore } from './store.js';

type Answer = z.infer<typeof AnswerSchema>;

/** The workflow a chat message starts. */
export const ASK_WORKFLOW = 'ask';

const toApiMessage = (row: MessageRow, maxRows: number) => {
  const answer = row.answer as Answer | null;
  const rows = Array.isArray(answer?.rows) ? answer.rows : undefined;
  return {
    message_id: row.id,
    role: row.role,
    content: row.content,
    sent_by: row.sent_by ?? null,
    created_at: row.created_at.toISOString(),
    run_id: row.run_id,
    answer: answer
      ? ({ ...answer, ...(rows ? { rows: rows.slice(0, maxRows), rows_cut: rows.length > maxRows } : {}) } as Answer)
      : null,
  };
};

/**
 * A session's conversation: a message starts a run of the `ask` workflow (one at a time per
 * session: a second message while one is active is a 409), the history reads the messages
 * back, and the owner answers the run's questions (which thing was meant, a review).
 */
const waitsForChoice = (run: { status: string; waiting_for?: { kind?: string } | null } | undefined) =>
  run?.status === 'awaiting_input' && run.waiting_for?.kind === 'disambiguation';

/** The session's current run (or none) as a check before `send` read it a moment ago. */
export interface SeenRun {
  run: RunRow | undefined;
  /** Not read: this process saw the session's last run end (EventHub.runEnded), and nothing since. */
  assumed?: boolean;
}

/** What ConversationService works with. */
export interface ConversationServiceDeps {
  db: RelationalStore;
  messages: MessageStore;
  sessions: SessionService;
  runStore: RunStore;
  runs: RunService;
  reviews: ReviewService;
  /** Which sessions this process saw finish their last run (the events hub). */
  ended: Pick<EventHub, 'runEnded'>;
  limits: { messageMaxChars: number; answerMaxRows: number };
}

export class ConversationService {
  constructor(private readonly deps: ConversationServiceDeps) {}

  private checkLength(content: string): void {
    if ([...content].length > this.deps.limits.messageMaxChars) {
      throw badRequest(`The message is longer than ${this.deps.limits.messageMaxChars} characters (CHAT_MESSAGE_MAX_CHARS).`, [
        { path: 'body.content', message: `must be at most ${this.deps.limits.messageMaxChars} characters` },
      ]);
    }
  }

  /**
   * `messageId`: the id to store the message under (an Idempotency-Key's): when a first attempt
   * already stored it (its process died before answering), its answer is given again.
   */
  async send(principal: Principal, sessionId: string, content: string, options: { messageId?: string; seen?: SeenRun } = {}): Promise<{ message_id: string; run_id: string }> {
    this.checkLength(content);
    if (options.messageId) {
      const earlier = await this.deps.messages.get(options.messageId);
      if (earlier?.run_id && earlier.session_id === sessionId) return { message_id: earlier.id, run_id: earlier.run_id };
    }
    // A choice still waiting for an answer does not trap the session: a message picking one of its
    // options answers it; any other message leaves it.
    const current = options.seen ? options.seen.run : await this.deps.runStore.currentOf(sessionId);
    const answered = await this.answerWaitingChoice(principal, current, content);
    if (answered) return answered;
    await this.leaveWaitingChoice(principal, current);
    // One statement stores the message and queues its run, under the session's row lock; it
    // refuses (no run) when the session is not the caller's, is closed or is busy. Two at once
    // cannot both start. A refusal is explained from what it found; if it no longer holds
    // (the other run has just ended), the message is tried once more.
    for (let attempt = 1; ; attempt++) {
      const messageId = options.messageId ?? randomUUID();
      const run = await this.deps.runs.start(
        this.deps.db,
        { sessionId, workflow: ASK_WORKFLOW, input: { question: content, message_id: messageId, sent_by: principal.sub } },
        {
          before: [{ kind: 'message_received', data: { message_id: messageId, content, sent_by: principal.sub } }],
          message: { id: messageId, content, sentBy: principal.sub },
          viewer: principal,
          idleOnly: true,
        },
      );
      if (run) return { message_id: messageId, run_id: run.id };
      // Something came after the run this process saw end (another process's, still announcing itself): go on from what is there.
      if (options.seen?.assumed) return this.send(principal, sessionId, content, { messageId: options.messageId });
      await this.explainRefusal(principal, sessionId);
      if (attempt >= 2) throw conflict('The session is still working on the previous message: wait until its run has finished (run_completed).');
    }
  }

  /**
   * Before the message rate limit counts it: a session still busy with a message answers 409 at
   * once, so a client that retries while it waits does not use up its limit. (The statement that
   * stores a message checks again: two at once cannot both start.) Returns the session's current
   * run as read, for `send` to go on from (one read per message), unless the refusal no longer held.
   * Where this process saw the session's last run end, with nothing after it, nothing is read:
   * the statement checks, and a session that was busy after all is a 409 then (counted).
   */
  async refuseIfBusy(principal: Principal, sessionId: string, content: string): Promise<SeenRun | undefined> {
    this.checkLength(content);
    if (this.deps.ended.runEnded(sessionId)) return { run: undefined, assumed: true };
    const run = await this.deps.runStore.currentOf(sessionId);
    if (!run || waitsForChoice(run)) return { run };
    await this.explainRefusal(principal, sessionId);
    return undefined;
  }

  /**
   * A message that picks an option of the choice waiting in the session ("the second one", a
   * name offered, "none of these") answers it: the run resumes and answers the question it was
   * asked, whose message and run are returned. Undefined when the message is a new question.
   */
  private async answerWaitingChoice(principal: Principal, current: RunRow | undefined, content: string): Promise<{ message_id: string; run_id: string } | undefined> {
    if (!waitsForChoice(current)) return undefined;
    const picked = pickOption(content, current!.waiting_for?.options ?? [], NONE_OF_THESE);
    if (picked === undefined) return undefined;
    await this.deps.sessions.visible(principal, current!.session_id);
    try {
      await this.deps.runs.answer(principal, current!.id, picked);
    } catch (error) {
      // Answered, cancelled or finished meanwhile: the message is a new question after all.
      if (error instanceof ProblemError && error.status === 409) return undefined;
      throw error;
    }
    const asked = (current!.input as { message_id?: unknown } | null)?.message_id;
    return { message_id: typeof asked === 'string' ? asked : current!.id, run_id: current!.id };
  }

  /**
   * The run waiting for the owner to choose what a name meant, cancelled because the owner went
   * on with another message (answering it stays `POST …/disambiguate`). A review waiting for a
   * reviewer is not the owner's to drop.
   */
  private async leaveWaitingChoice(principal: Principal, current: RunRow | undefined): Promise<void> {
    if (!waitsForChoice(current)) return;
    await this.deps.sessions.visible(principal, current!.session_id);
    await this.deps.runs.cancel(principal, current!.id).catch((error: unknown) => {
      // Answered or finished meanwhile: nothing left to leave.
      if (!(error instanceof ProblemError && error.status === 409)) throw error;
    });
  }

  /** Throws the 404 or 409 that explains why a message was refused; returns when none applies any more. */
  private async explainRefusal(principal: Principal, sessionId: string): Promise<void> {
    const session = await this.deps.sessions.visible(principal, sessionId);
    this.deps.sessions.assertOpen(session);
    const active = await this.deps.runStore.currentOf(sessionId);
    if (active) {
      throw conflict('The session is still working on the previous message: wait until its run has finished (run_completed), or answer its question.', {
        current_run_id: active.id,
        current_status: active.status,
      });
    }
  }

  async history(principal: Principal, sessionId: string, query: { limit: number; cursor?: string }) {
    await this.deps.sessions.visible(principal, sessionId);
    const after = query.cursor ? Number(decodeCursor(query.cursor, ['number'])[0]) : 0;
    const rows = await this.deps.messages.list(sessionId, query.limit + 1, after);
    const { page, next_cursor } = keysetPage(rows, query.limit, (r) => [r.seq]);
    return { items: page.map((r) => toApiMessage(r, this.deps.limits.answerMaxRows)), next_cursor };
  }

  /** The owner's choice between the things a name could mean. */
  async disambiguate(principal: Principal, sessionId: string, choice: string) {
    await this.deps.sessions.visible(principal, sessionId);
    const run = await this.deps.runStore.currentOf(sessionId);
    if (!run || run.status !== 'awaiting_input' || run.waiting_for?.kind !== 'disambiguation') {
      throw conflict(`Session ${sessionId} is not waiting for a disambiguation.`, { current_run_id: run?.id ?? null });
    }
    // "Did you mean Mara Olsen?" — "yes" picks the one option offered.
    const options = run.waiting_for.options ?? [];
    if (options.length === 1 && /^(yes|y|yeah|yep|right|correct|that one)\.?!?$/i.test(choice.trim())) choice = options[0]!.id;
    return this.deps.runs.answer(principal, run.id, choice);
  }

  /** The owner's decision on a review item, where the policy lets the owner decide. */
  async review(
    principal: Principal,
    sessionId: string,
    body: { review_id: string; decision: 'approve' | 'reject'; cypher?: string; comment?: string; reason?: string },
  ) {
    await this.deps.sessions.visible(principal, sessionId);
    return this.deps.reviews.decide(
      principal,
      sessionId,
      body.review_id,
      body.decision === 'approve' ? { status: 'approved', cypher: body.cypher, comment: body.comment } : { status: 'rejected', comment: body.reason },
      'owner',
    );
  }
}
