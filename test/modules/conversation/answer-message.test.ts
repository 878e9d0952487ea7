import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../../src/config.js';
import { SessionStore } from '../../../src/modules/chat/store.js';
import { MessageStore } from '../../../src/modules/conversation/store.js';
import { answerMessageId } from '../../../src/engine/runs/message-log.js';
import { RunStore } from '../../../src/engine/runs/store.js';
import { JobQueue } from '../../../src/engine/jobs/queue.js';
import { randomUUID } from 'node:crypto';
import type { RelationalStore } from '../../../src/stores/relational/index.js';
import { dropSchema, testConfig, uniqueName } from '../../support/config.js';
import { openTestRelationalStore } from '../../support/relational.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('answerMessageId', () => {
  const run = '0b5b3c5e-6a8f-4c3a-9d2e-1f0a7b6c5d4e';

  it('is a UUID (version 5), the same for the same run', () => {
    const id = answerMessageId(run);
    expect(id).toMatch(UUID);
    expect(id[14]).toBe('5');
    expect(answerMessageId(run)).toBe(id);
    expect(answerMessageId(String(run))).toBe(id);
  });

  it('differs between runs, and from the run id itself', () => {
    const other = '0b5b3c5e-6a8f-4c3a-9d2e-1f0a7b6c5d4f';
    expect(answerMessageId(other)).not.toBe(answerMessageId(run));
    expect(answerMessageId(run)).not.toBe(run);
    const many = Array.from({ length: 200 }, (_, i) => answerMessageId(`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`));
    expect(new Set(many).size).toBe(200);
  });
});

/** Runs on PGlite, and on the real PostgreSQL too when DATABASE_URL is set. */
describe(`MessageStore.appendAnswer (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  let db: RelationalStore;
  let config: Config;
  let dataDir: string;
  let sessions: SessionStore;
  let runs: RunStore;
  let messages: MessageStore;
  let queue: JobQueue;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'cqks-answer-'));
    config = testConfig(dataDir);
    db = await openTestRelationalStore(config);
    sessions = new SessionStore({ db: db });
    runs = new RunStore({ db: db });
    messages = new MessageStore({ db: db });
    queue = new JobQueue(db);
  });
  afterAll(async () => {
    await db?.close();
    await dropSchema(config);
    await rm(dataDir, { recursive: true, force: true });
  });

  /** A user's message and the run it starts, in one statement, as ConversationService.send writes them. */
  async function ask(sessionId: string, question: string) {
    const [runId, messageId] = [randomUUID(), randomUUID()];
    const queued = await runs.queue(
      db,
      { id: runId, sessionId, workflow: 'ask', version: '3', input: { question }, events: [], message: { id: messageId, content: question, runId } },
      { queue, draft: queue.draft('workflow_run') },
    );
    return { run: queued!.run, user: (await messages.get(messageId))! };
  }

  /** A new session with a user's message and the run it started. */
  async function askedQuestion(question = 'Who acted in The Matrix?') {
    const session = await db.transaction((tx) => sessions.create(tx, uniqueName('owner'), 'answers', {}));
    return { session, ...(await ask(session.id, question)) };
  }

  const assistantMessages = async (runId: string) =>
    (await db.query<{ id: string; seq: number; content: string }>(
      `SELECT id, seq, content FROM chat_messages WHERE run_id = $1 AND role = 'assistant'`,
      [runId],
    )).rows;
  const messageCount = async (sessionId: string) => (await sessions.get(sessionId))!.message_count;

  it('writes the answer under answerMessageId(runId), with the next seq after the user message', async () => {
    const { session, run, user } = await askedQuestion();
    expect(user.seq).toBe(1);
    expect(await messageCount(session.id)).toBe(1);

    const answer = { text: 'Keanu Reeves', rows: [{ name: 'Keanu Reeves' }] };
    await db.transaction((tx) => messages.appendAnswer(tx, { sessionId: session.id, runId: run.id, content: 'Keanu Reeves.', answer }));

    const stored = await messages.get(answerMessageId(run.id));
    expect(stored).toMatchObject({
      id: answerMessageId(run.id),
      session_id: session.id,
      seq: 2,
      role: 'assistant',
      content: 'Keanu Reeves.',
      run_id: run.id,
      answer,
    });
    expect(await messageCount(session.id)).toBe(2);
    expect((await messages.list(session.id, 10, 0)).map((m) => [m.seq, m.role])).toEqual([
      [1, 'user'],
      [2, 'assistant'],
    ]);
  });

  it('a second append for the same run (a step run again after a takeover) writes nothing: one answer, the first content, counted once', async () => {
    const { session, run } = await askedQuestion();
    await db.transaction((tx) =>
      messages.appendAnswer(tx, { sessionId: session.id, runId: run.id, content: 'first', answer: { text: 'first' } }),
    );
    // Another transaction, as the step that runs again after a takeover commits its own.
    await db.transaction((tx) =>
      messages.appendAnswer(tx, { sessionId: session.id, runId: run.id, content: 'second', answer: { text: 'second' } }),
    );

    expect(await assistantMessages(run.id)).toEqual([{ id: answerMessageId(run.id), seq: 2, content: 'first' }]);
    expect((await messages.get(answerMessageId(run.id)))?.answer).toEqual({ text: 'first' });
    expect(await messageCount(session.id)).toBe(2);
    const all = await messages.list(session.id, 10, 0);
    expect(all).toHaveLength(2);
    expect(all.map((m) => m.seq)).toEqual([1, 2]);

    // The next message still gets the next seq: no hole was left by the repeated answer.
    const next = await ask(session.id, 'and more?');
    expect(next.user.seq).toBe(3);
    expect(await messageCount(session.id)).toBe(3);
  });

  it('the repeat is a no-op also inside the transaction that wrote the answer', async () => {
    const { session, run } = await askedQuestion();
    await db.transaction(async (tx) => {
      await messages.appendAnswer(tx, { sessionId: session.id, runId: run.id, content: 'once', answer: { n: 1 } });
      await messages.appendAnswer(tx, { sessionId: session.id, runId: run.id, content: 'twice', answer: { n: 2 } });
    });
    expect(await assistantMessages(run.id)).toEqual([{ id: answerMessageId(run.id), seq: 2, content: 'once' }]);
    expect(await messageCount(session.id)).toBe(2);
  });

  it('an answer in a transaction that rolls back leaves nothing, and the next attempt writes it', async () => {
    const { session, run } = await askedQuestion();
    await expect(
      db.transaction(async (tx) => {
        await messages.appendAnswer(tx, { sessionId: session.id, runId: run.id, content: 'lost', answer: { n: 0 } });
        throw new Error('lease lost');
      }),
    ).rejects.toThrow('lease lost');
    expect(await assistantMessages(run.id)).toEqual([]);
    expect(await messageCount(session.id)).toBe(1);

    await db.transaction((tx) => messages.appendAnswer(tx, { sessionId: session.id, runId: run.id, content: 'kept', answer: { n: 1 } }));
    expect(await assistantMessages(run.id)).toEqual([{ id: answerMessageId(run.id), seq: 2, content: 'kept' }]);
    expect(await messageCount(session.id)).toBe(2);
  });

  it('answers of different runs are different messages, in the order they were written', async () => {
    const { session, run: first } = await askedQuestion('first question');
    await db.transaction((tx) => messages.appendAnswer(tx, { sessionId: session.id, runId: first.id, content: 'a1', answer: {} }));
    const { run: second } = await ask(session.id, 'second question');
    await db.transaction((tx) => messages.appendAnswer(tx, { sessionId: session.id, runId: second.id, content: 'a2', answer: {} }));
    // Repeating the first run's answer now changes nothing either.
    await db.transaction((tx) => messages.appendAnswer(tx, { sessionId: session.id, runId: first.id, content: 'a1 again', answer: {} }));

    const all = await messages.list(session.id, 10, 0);
    expect(all.map((m) => [m.seq, m.role, m.content])).toEqual([
      [1, 'user', 'first question'],
      [2, 'assistant', 'a1'],
      [3, 'user', 'second question'],
      [4, 'assistant', 'a2'],
    ]);
    expect(all[1]!.id).toBe(answerMessageId(first.id));
    expect(all[3]!.id).toBe(answerMessageId(second.id));
    expect(all[1]!.id).not.toBe(all[3]!.id);
    expect(await messageCount(session.id)).toBe(4);
  });
});
