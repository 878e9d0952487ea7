import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { JobWorker } from '../../src/engine/jobs/worker.js';
import { defineTool } from '../../src/engine/tools/tool.js';
import { defineWorkflow } from '../../src/engine/workflows/workflow.js';
import type { TestApp } from '../support/app.js';
import { startTestApp } from '../support/app.js';
import { uniqueName } from '../support/config.js';
import { auth, executeAndSettle, followSession, runEvent, RUN_SETTLED } from '../support/runs.js';

/**
 * The run engine with workflows of the tests' own: input waits, cancellation, tool limits,
 * concurrency, and a worker that dies mid-run (its lease expires) with the run resumed by
 * another worker or failed. With DATABASE_URL the other worker is a second app instance on
 * the same PostgreSQL; on PGlite it is a second worker in the same process.
 */

/** A gate per run: the first time node `b` runs it blocks until released (or aborted); later times it passes. */
class Gates {
  private readonly entered = new Map<string, () => void>();
  private readonly enteredPromises = new Map<string, Promise<void>>();
  private readonly releases = new Map<string, () => void>();
  readonly calls = new Map<string, string[]>();

  private ensure(runId: string) {
    if (!this.enteredPromises.has(runId)) {
      this.enteredPromises.set(runId, new Promise((resolve) => this.entered.set(runId, resolve)));
    }
  }

  record(runId: string, node: string) {
    this.calls.set(runId, [...(this.calls.get(runId) ?? []), node]);
  }

  /** Resolves once node `b` of the run has been entered the first time. */
  waitEntered(runId: string) {
    this.ensure(runId);
    return this.enteredPromises.get(runId)!;
  }

  release(runId: string) {
    this.releases.get(runId)?.();
  }

  async block(runId: string, signal: AbortSignal) {
    this.ensure(runId);
    const firstTime = !this.releases.has(runId);
    if (!firstTime) return;
    await new Promise<void>((resolve, reject) => {
      this.releases.set(runId, resolve);
      signal.addEventListener('abort', () => reject(new Error(`aborted: ${String(signal.reason)}`)), { once: true });
      this.entered.get(runId)!();
    });
  }
}

const gates = new Gates();

const echo = defineTool({
  name: 'test_echo',
  description: 'Returns its input.',
  input: z.object({ value: z.string() }),
  output: z.object({ value: z.string() }),
  run: async (input) => input,
});

const sleep = defineTool({
  name: 'test_sleep',
  description: 'Waits, minding its signal.',
  input: z.object({ ms: z.number().int() }),
  output: z.object({ slept: z.number() }),
  timeoutMs: 100,
  run: ({ ms }, { signal }) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => resolve({ slept: ms }), ms);
      signal.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(new Error('aborted'));
      });
    }),
});

const pick = defineWorkflow({
  id: 'test_pick',
  name: 'Pick',
  description: 'Asks which of two it should be.',
  version: '1',
  input: z.object({}),
  nodes: [
    {
      id: 'before',
      description: 'runs once',
      tools: [echo],
      async run({ run, tool }) {
        gates.record(run.id, 'before');
        return { output: await tool(echo, { value: 'before' }) };
      },
    },
    {
      id: 'choose',
      description: 'asks',
      tools: [],
      async run({ ask }) {
        const picked = await ask({
          kind: 'disambiguation',
          question: 'Which Alex?',
          options: [
            { id: 'a', label: 'Alex Kim (Berlin)' },
            { id: 'b', label: 'Alex Kim (Oslo)' },
          ],
        });
        return { output: { picked }, queryType: 'clarification' };
      },
    },
  ],
});

const timing = defineWorkflow({
  id: 'test_timing',
  name: 'Timing',
  description: 'Calls a tool that takes too long, or with bad input, or an undeclared tool.',
  version: '1',
  input: z.object({ mode: z.enum(['slow', 'bad_input', 'undeclared']) }),
  nodes: [
    {
      id: 'call',
      description: 'calls',
      tools: [sleep],
      async run({ input, tool }) {
        if (input.mode === 'slow') await tool(sleep, { ms: 10_000 });
        if (input.mode === 'bad_input') await tool(sleep, { ms: 'soon' } as never); // input its schema refuses, on purpose
        if (input.mode === 'undeclared') await tool(echo, { value: 'x' });
        return { output: {} };
      },
    },
  ],
});

/**
 * a, b, c, each echoing; b blocks the first time it runs when `block` (default `blocks`).
 * `replayable` steps may be committed together (and redone after a crash).
 */
const threeSteps = (id: string, options: { replayable: boolean; blocks: boolean }) =>
  defineWorkflow({
    id,
    name: id,
    description: 'a, b, c; b blocks the first time when asked to.',
    version: '1',
    input: z.object({ block: z.boolean().default(options.blocks) }),
    nodes: ['a', 'b', 'c'].map((node) => ({
      id: node,
      description: node,
      tools: [echo],
      replayable: options.replayable,
      async run({ run, tool, input, signal }) {
        gates.record(run.id, node);
        if (node === 'b' && (input as { block: boolean }).block) await gates.block(run.id, signal);
        return { output: await tool(echo, { value: node }) };
      },
    })),
  });

/** a, then b, which publishes an answer (answer_ready) before its tool call; both replayable. */
const publishes = defineWorkflow({
  id: 'test_publishes',
  name: 'Publishes',
  description: 'a, then b publishing an answer.',
  version: '1',
  input: z.object({}),
  nodes: ['a', 'b'].map((node) => ({
    id: node,
    description: node,
    tools: [echo],
    replayable: true,
    async run({ tool, emit }) {
      if (node === 'b') await emit('answer_ready', { text: 'an answer' });
      return { output: await tool(echo, { value: node }) };
    },
  })),
});

/** Per run: resolves when `test_probe` is called (the run got that far). */
const probes = new Map<string, { reached: Promise<void>; resolve: () => void }>();
const probeOf = (runId: string) => {
  if (!probes.has(runId)) {
    let resolve!: () => void;
    const reached = new Promise<void>((r) => (resolve = r));
    probes.set(runId, { reached, resolve });
  }
  return probes.get(runId)!;
};
/** Per run: the calls `test_write` received. */
const writes = new Map<string, string[]>();

const probe = defineTool({
  name: 'test_probe',
  description: 'Tells the test the run got here; writes nothing.',
  readOnly: true,
  input: z.object({}),
  output: z.object({}),
  run: async (_input, { runId }) => {
    probeOf(runId).resolve();
    return {};
  },
});

const write = defineTool({
  name: 'test_write',
  description: 'Stands for a tool that writes (not read-only).',
  input: z.object({ value: z.string() }),
  output: z.object({}),
  run: async ({ value }, { runId }) => {
    writes.set(runId, [...(writes.get(runId) ?? []), value]);
    return {};
  },
});

const handoff = defineWorkflow({
  id: 'test_handoff',
  name: 'Handoff',
  description: 'Reads (a probe), then writes.',
  version: '1',
  input: z.object({}),
  nodes: [
    {
      id: 'first',
      description: 'probe, then write',
      tools: [probe, write],
      replayable: true,
      async run({ tool }) {
        await tool(probe, {});
        await tool(write, { value: 'x' });
        return { output: {} };
      },
    },
  ],
});

const extras = {
  workflows: [
    threeSteps('test_blocking', { replayable: false, blocks: true }),
    threeSteps('test_steps', { replayable: false, blocks: false }),
    threeSteps('test_replayable', { replayable: true, blocks: false }),
    publishes,
    pick,
    timing,
    handoff,
  ],
  tools: [echo, sleep, probe, write],
};
const silent = pino({ level: 'silent' });

describe('the run engine', () => {
  let t: TestApp;
  let curator: string;
  const curatorSub = uniqueName('curator');

  const execute = async (workflow: string, input: Record<string, unknown> = {}) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/aim/workflows/execute', headers: auth(curator), payload: { workflow, input } });
    expect(res.statusCode).toBe(202);
    return res.json() as { run_id: string; session_id: string };
  };
  const getRun = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/v1/runs/${id}`, headers: auth(curator) })).json();
  const events = async (sessionId: string, runId: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/v1/chat/${sessionId}/events?limit=100&run_id=${runId}`, headers: auth(curator) })).json()
      .items as { event: string; data: Record<string, unknown> }[];
  const jobOf = async (runId: string) =>
    (await t.app.deps.relational.query<{ status: string; attempts: number }>('SELECT status, attempts FROM jobs WHERE ref_id = $1', [runId])).rows[0]!;
  /** Another worker on the same store: what another process would run. */
  const secondWorker = (options: { leaseMs?: number } = {}) =>
    new JobWorker(t.app.deps.relational, t.app.engine.queue, [t.app.engine.executor], {
      concurrency: 1,
      leaseMs: options.leaseMs ?? 60_000,
      pollIntervalMs: 50,
      logger: silent,
    });

  beforeAll(async () => {
    // Progress of replayable steps waits for the run's next commit (nothing commits it on a timer here).
    t = await startTestApp({ ...extras, env: { RUN_CONCURRENCY: '2', JOB_LEASE_MS: '60000', JOB_POLL_INTERVAL_MS: '50', RUN_PROGRESS_COMMIT_MS: '10000' } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    curator = await t.token(['curator'], curatorSub);
  });
  afterAll(() => t.close());

  it('a step asks; the session waits; the answer resumes the run where it stopped', async () => {
    const { settled, runId, sessionId, stream } = await executeAndSettle(t, curator, { workflow: 'test_pick' });
    expect(settled.event).toBe('run_awaiting_input');
    expect(settled.data.data).toMatchObject({ node: 'choose', kind: 'disambiguation', question: 'Which Alex?' });
    await stream.waitForEvent((e) => e.event === 'disambiguation_required');
    const status = (await t.app.inject({ method: 'GET', url: `/api/v1/chat/${sessionId}/status`, headers: auth(curator) })).json();
    expect(status).toMatchObject({ state: 'awaiting_disambiguation', current_run_id: runId, waiting_for: 'disambiguation' });
    expect(status.input_request.options.map((o: { id: string }) => o.id)).toEqual(['a', 'b']);
    expect((await jobOf(runId)).status).toBe('waiting');

    const answer = (payload: object, token = curator) =>
      t.app.inject({ method: 'POST', url: `/api/v1/runs/${runId}/input`, headers: auth(token), payload });
    expect((await answer({ answer: 'c' })).statusCode).toBe(400);
    expect((await answer({ answer: 'b' }, await t.token(['curator']))).statusCode).toBe(404);
    const accepted = await answer({ answer: 'b' });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().status).toBe('queued');
    const done = await stream.waitForEvent(runEvent(runId, ['run_completed', 'run_failed']));
    stream.close();
    expect(done.event).toBe('run_completed');
    expect(done.data.data.output).toEqual({ picked: 'b' });
    expect(gates.calls.get(runId)).toEqual(['before']);
    const run = await getRun(runId);
    expect(run.steps.map((s: { node: string; attempts: number; query_type: string }) => [s.node, s.attempts, s.query_type])).toEqual([
      ['before', 1, 'none'],
      ['choose', 2, 'clarification'],
    ]);
    expect((await answer({ answer: 'a' })).statusCode).toBe(409);
    const after = (await t.app.inject({ method: 'GET', url: `/api/v1/chat/${sessionId}/status`, headers: auth(curator) })).json();
    expect(after).toMatchObject({ state: 'idle', current_run_id: null, input_request: null });
  });

  it('an answer given while no process runs is picked up after a restart', async () => {
    await t.app.engine.worker.stop(0);
    try {
      const { run_id: runId, session_id: sessionId } = await execute('test_pick');
      const stream = await followSession(t, curator, sessionId);
      const replacement = secondWorker();
      await replacement.start();
      await stream.waitForEvent(runEvent(runId, ['run_awaiting_input']));
      await replacement.stop(0);
      await t.app.inject({ method: 'POST', url: `/api/v1/runs/${runId}/input`, headers: auth(curator), payload: { answer: 'a' } });
      expect((await getRun(runId)).status).toBe('queued');
      const restarted = secondWorker();
      await restarted.start();
      const done = await stream.waitForEvent(runEvent(runId, ['run_completed', 'run_failed']));
      stream.close();
      await restarted.stop(0);
      expect(done.data.data.output).toEqual({ picked: 'a' });
    } finally {
      await t.app.engine.worker.start();
    }
  });

  it('cancel stops a running run at once; a finished run cannot be cancelled', async () => {
    const { run_id: runId, session_id: sessionId } = await execute('test_blocking');
    await gates.waitEntered(runId);
    const stream = await followSession(t, curator, sessionId);
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/runs/${runId}/cancel`, headers: auth(curator) });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('cancelled');
    expect(res.json().steps.map((s: { status: string }) => s.status)).toEqual(['succeeded', 'cancelled', 'pending']);
    await stream.waitForEvent(runEvent(runId, ['run_cancelled']));
    stream.close();
    await t.app.engine.worker.whenIdle();
    expect((await getRun(runId)).status).toBe('cancelled');
    expect((await jobOf(runId)).status).toBe('done');
    const kinds = (await events(sessionId, runId)).map((e) => e.event);
    expect(kinds.filter((k) => k === 'run_completed' || k === 'run_failed')).toEqual([]);
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/runs/${runId}/cancel`, headers: auth(curator) })).statusCode).toBe(409);
  });

  it('a tool past its time limit, with bad input or not declared fails the run with the reason', async () => {
    const cases = [
      ['slow', 'tool_timeout', 'did not finish within 100 ms'],
      ['bad_input', 'tool_invalid_input', 'ms'],
      ['undeclared', 'tool_not_declared', 'does not declare'],
    ] as const;
    for (const [mode, code, message] of cases) {
      const { settled, runId, sessionId, stream } = await executeAndSettle(t, curator, { workflow: 'test_timing', input: { mode } });
      stream.close();
      expect(settled.event, mode).toBe('run_failed');
      expect(settled.data.data, mode).toMatchObject({ code, node: 'call' });
      expect(String(settled.data.data.message), mode).toContain(message);
      if (mode !== 'undeclared') {
        const tool = (await events(sessionId, runId)).find((e) => e.event === 'tool_executed');
        expect(tool?.data, mode).toMatchObject({ tool_name: 'test_sleep', success: false });
      }
    }
  });

  it('runs at most RUN_CONCURRENCY at a time; the next starts when one ends', async () => {
    const runs = [await execute('test_blocking'), await execute('test_blocking'), await execute('test_blocking')];
    const entered = new Set<string>();
    const watch = runs.map((r) => gates.waitEntered(r.run_id).then(() => entered.add(r.run_id)));
    await Promise.race([Promise.all(watch.slice(0, 2)), Promise.all([watch[0], watch[2]]), Promise.all([watch[1], watch[2]])]);
    expect(t.app.engine.worker.activeCount).toBe(2);
    const waiting = runs.filter((r) => !entered.has(r.run_id));
    expect(waiting).toHaveLength(1);
    expect((await getRun(waiting[0]!.run_id)).status).toBe('queued');
    const first = runs.find((r) => entered.has(r.run_id))!;
    gates.release(first.run_id);
    await gates.waitEntered(waiting[0]!.run_id);
    for (const r of runs) gates.release(r.run_id);
    for (const r of runs) {
      const stream = await followSession(t, curator, r.session_id);
      expect((await stream.waitForEvent(runEvent(r.run_id, RUN_SETTLED))).event).toBe('run_completed');
      stream.close();
    }
  });

  it('a shutdown gives the run back: it resumes from its last completed step without losing an attempt', async () => {
    const { run_id: runId, session_id: sessionId } = await execute('test_blocking');
    await gates.waitEntered(runId);
    await t.app.engine.worker.stop(0);
    try {
      expect(await jobOf(runId)).toEqual({ status: 'ready', attempts: 0 });
      const stream = await followSession(t, curator, sessionId);
      const other = secondWorker();
      await other.start();
      const done = await stream.waitForEvent(runEvent(runId, RUN_SETTLED));
      stream.close();
      await other.stop(0);
      expect(done.event).toBe('run_completed');
      expect(gates.calls.get(runId)).toEqual(['a', 'b', 'b', 'c']);
    } finally {
      await t.app.engine.worker.start();
    }
  });

  describe('commits', () => {
    /** The run's events in order, with the transaction that wrote each (`xmin` of its batch: the inserting transaction's id). */
    const stored = async (runId: string) =>
      (
        await t.app.deps.relational.query<{ kind: string; node: string | null; committed: string }>(
          `SELECT e.event->>'kind' AS kind, e.event->'data'->>'node' AS node, b.xmin::text AS committed
             FROM session_event_batches b CROSS JOIN LATERAL jsonb_array_elements(b.events) WITH ORDINALITY AS e(event, ord)
            WHERE b.run_id = $1 ORDER BY b.last_id, e.ord`,
          [runId],
        )
      ).rows;

    it('replayable steps are committed together; other steps one at a time', async () => {
      const together = await executeAndSettle(t, curator, { workflow: 'test_replayable' });
      const apart = await executeAndSettle(t, curator, { workflow: 'test_steps' });
      together.stream.close();
      apart.stream.close();
      expect(together.settled.event).toBe('run_completed');
      expect(apart.settled.event).toBe('run_completed');

      const replayed = await stored(together.runId);
      const kinds = ['run_queued', 'run_started', ...['a', 'b', 'c'].flatMap(() => ['step_started', 'tool_executed', 'step_completed']), 'run_completed'];
      expect(replayed.map((e) => e.kind)).toEqual(kinds);
      // Everything after the queuing went out in one transaction: the run's end.
      expect(new Set(replayed.slice(1).map((e) => e.committed)).size).toBe(1);
      const separate = await stored(apart.runId);
      expect(separate.map((e) => e.kind)).toEqual(kinds);
      // Start with a's start; a's end with b's start; b's end with c's start; c's end with the run's.
      expect(new Set(separate.slice(1).map((e) => e.committed)).size).toBe(4);

      // Steps committed together keep their own times.
      const run = await getRun(together.runId);
      const times = run.steps.flatMap((s: { started_at: string; finished_at: string }) => [Date.parse(s.started_at), Date.parse(s.finished_at)]);
      expect(times).toEqual([...times].sort((x, y) => x - y));
      expect(run.steps.map((s: { node: string; status: string; attempts: number }) => [s.node, s.status, s.attempts])).toEqual([
        ['a', 'succeeded', 1],
        ['b', 'succeeded', 1],
        ['c', 'succeeded', 1],
      ]);
    });

    it('an answer is committed with the events before it at once; the rows of the steps so far go with the next commit', async () => {
      const run = await executeAndSettle(t, curator, { workflow: 'test_publishes' });
      run.stream.close();
      expect(run.settled.event).toBe('run_completed');
      const events = await stored(run.runId);
      const kinds = ['run_queued', 'run_started', 'step_started', 'tool_executed', 'step_completed', 'step_started', 'answer_ready', 'tool_executed', 'step_completed', 'run_completed'];
      expect(events.map((e) => e.kind)).toEqual(kinds);
      const answer = events[6]!.committed;
      // Everything up to the answer in one transaction, the rest in a later one.
      expect(new Set(events.slice(1, 7).map((e) => e.committed))).toEqual(new Set([answer]));
      expect(events.slice(7).every((e) => e.committed !== answer)).toBe(true);
      const steps = await t.app.deps.relational.query<{ node: string; status: string; committed: string }>(
        'SELECT node, status, xmin::text AS committed FROM run_steps WHERE run_id = $1 ORDER BY position',
        [run.runId],
      );
      expect(steps.rows.map((s) => [s.node, s.status])).toEqual([
        ['a', 'succeeded'],
        ['b', 'succeeded'],
      ]);
      expect(steps.rows.every((s) => s.committed !== answer)).toBe(true);
    });

    it('a slow replayable step still shows its progress within RUN_PROGRESS_COMMIT_MS', async () => {
      const live = await startTestApp({ ...extras, env: { RUN_CONCURRENCY: '1', RUN_PROGRESS_COMMIT_MS: '20' } });
      try {
        await live.app.listen({ host: '127.0.0.1', port: 0 });
        const token = await live.token(['curator']);
        const res = await live.app.inject({
          method: 'POST',
          url: '/api/v1/aim/workflows/execute',
          headers: auth(token),
          payload: { workflow: 'test_replayable', input: { block: true } },
        });
        const { run_id: runId, session_id: sessionId } = res.json();
        const stream = await followSession(live, token, sessionId);
        // b is still blocked: its start and a's end reached the stream without waiting for it.
        await stream.waitForEvent((e) => e.event === 'step_started' && e.data.data.node === 'b' && e.data.data.run_id === runId);
        expect(gates.calls.get(runId)).toEqual(['a', 'b']);
        expect(stream.events.filter((e) => e.data.data.run_id === runId).map((e) => e.event)).toContain('step_completed');
        gates.release(runId);
        expect((await stream.waitForEvent(runEvent(runId, RUN_SETTLED))).event).toBe('run_completed');
        stream.close();
      } finally {
        await live.close();
      }
    });

    it('a run queued by this process starts at once, reads and computes before the commit, and writes only after it', async () => {
      const session = (await t.app.inject({ method: 'POST', url: '/api/v1/chat', headers: auth(curator), payload: { title: 'handoff' } })).json();
      let runId = '';
      let writtenBeforeCommit: string[] | undefined;
      await t.app.deps.relational.transaction(async (tx) => {
        const run = (await t.app.services.runs.start(tx, { sessionId: session.session_id, owner: curatorSub, workflow: 'test_handoff', input: {} }))!;
        runId = run.id;
        // The run got to its read-only tool while the transaction queuing it is still open.
        await probeOf(run.id).reached;
        // Turns enough for it to call the writing tool, were it not waiting for the commit.
        for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
        writtenBeforeCommit = [...(writes.get(run.id) ?? [])];
      });
      expect(writtenBeforeCommit).toEqual([]);
      const stream = await followSession(t, curator, session.session_id);
      expect((await stream.waitForEvent(runEvent(runId, RUN_SETTLED))).event).toBe('run_completed');
      stream.close();
      expect(writes.get(runId)).toEqual(['x']);
      const job = (await t.app.deps.relational.query<{ attempts: number; status: string }>('SELECT attempts, status FROM jobs WHERE ref_id = $1', [runId])).rows;
      expect(job).toEqual([{ attempts: 1, status: 'done' }]);
    });

    it('a run whose queuing transaction rolls back stops without writing anything', async () => {
      const session = (await t.app.inject({ method: 'POST', url: '/api/v1/chat', headers: auth(curator), payload: { title: 'rollback' } })).json();
      let runId = '';
      await expect(
        t.app.deps.relational.transaction(async (tx) => {
          const run = (await t.app.services.runs.start(tx, { sessionId: session.session_id, owner: curatorSub, workflow: 'test_handoff', input: {} }))!;
          runId = run.id;
          await probeOf(run.id).reached;
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      await t.app.engine.worker.whenIdle();
      expect(t.app.engine.worker.activeCount).toBe(0);
      expect(writes.get(runId)).toBeUndefined();
      const left = await t.app.deps.relational.query<{ n: number }>(
        `SELECT (SELECT count(*) FROM runs WHERE id = $1::uuid) + (SELECT count(*) FROM jobs WHERE ref_id = $1::uuid)
              + (SELECT count(*) FROM session_events WHERE run_id = $1::text) + (SELECT count(*) FROM run_steps WHERE run_id = $1::uuid) AS n`,
        [runId],
      );
      expect(Number(left.rows[0]!.n)).toBe(0);
      // The worker's place came back: the next run starts.
      const next = await executeAndSettle(t, curator, { workflow: 'test_steps' });
      next.stream.close();
      expect(next.settled.event).toBe('run_completed');
    });
  });

  describe('a worker that dies mid-run (its lease runs out)', () => {
    /** Stands in for kill -9: the lease is made to have run out, as if its process stopped renewing it. */
    const expireLease = (runId: string) =>
      t.app.deps.relational.query(`UPDATE jobs SET lease_expires_at = now() - interval '1 second' WHERE ref_id = $1`, [runId]);

    /** Another process: a second app on the same PostgreSQL, or a second worker on the same PGlite. */
    async function takeOver(env: Record<string, string> = {}) {
      if (!process.env.DATABASE_URL) {
        const worker = secondWorker();
        await worker.start();
        return { close: () => worker.stop(0) };
      }
      const dir = await mkdtemp(path.join(tmpdir(), 'cqks-runs-b-'));
      await cp(path.join(t.dataDir, 'keys'), path.join(dir, 'keys'), { recursive: true });
      const b = await startTestApp({
        ...extras,
        env: { DATA_DIR: dir, DATABASE_SCHEMA: t.config.database.schema, GRAPH_EMBEDDED_SHARED_DATABASE: 'true', RUN_CONCURRENCY: '1', JOB_POLL_INTERVAL_MS: '50', ...env },
      });
      return {
        close: async () => {
          await b.app.close();
          await rm(b.dataDir, { recursive: true, force: true });
          await rm(dir, { recursive: true, force: true });
        },
      };
    }

    it('is resumed by another worker from its last completed step; it completes exactly once', async () => {
      const { run_id: runId, session_id: sessionId } = await execute('test_blocking');
      await gates.waitEntered(runId);
      const stream = await followSession(t, curator, sessionId);
      await expireLease(runId);
      const other = await takeOver();
      try {
        const done = await stream.waitForEvent(runEvent(runId, RUN_SETTLED));
        expect(done.event).toBe('run_completed');
        // The first worker wakes up late: everything it tries to write is refused.
        gates.release(runId);
        await t.app.engine.worker.whenIdle();
      } finally {
        stream.close();
        await other.close();
      }
      expect(gates.calls.get(runId)).toEqual(['a', 'b', 'b', 'c']);
      const run = await getRun(runId);
      expect(run.status).toBe('succeeded');
      expect(run.steps.map((s: { node: string; attempts: number }) => [s.node, s.attempts])).toEqual([
        ['a', 1],
        ['b', 2],
        ['c', 1],
      ]);
      const kinds = await events(sessionId, runId);
      expect(kinds.filter((e) => e.event === 'run_completed')).toHaveLength(1);
      expect(kinds.filter((e) => e.event === 'step_completed').map((e) => e.data.node)).toEqual(['a', 'b', 'c']);
      const starts = kinds.filter((e) => e.event === 'run_started').map((e) => e.data);
      expect(starts).toEqual([
        expect.objectContaining({ attempt: 1, resumed_from: null }),
        expect.objectContaining({ attempt: 2, resumed_from: 'b' }),
      ]);
      expect(await jobOf(runId)).toMatchObject({ status: 'done' });
    });

    it('runs its replayable steps again when their ends were not committed yet; it still completes exactly once', async () => {
      const { run_id: runId, session_id: sessionId } = await execute('test_replayable', { block: true });
      await gates.waitEntered(runId);
      const stream = await followSession(t, curator, sessionId);
      await expireLease(runId);
      const other = await takeOver();
      try {
        expect((await stream.waitForEvent(runEvent(runId, RUN_SETTLED))).event).toBe('run_completed');
        gates.release(runId);
        await t.app.engine.worker.whenIdle();
      } finally {
        stream.close();
        await other.close();
      }
      // a's end waited for the run's next commit (RUN_PROGRESS_COMMIT_MS is long here), which never came: a ran
      // again. The first worker, released after the run completed, computed c too (a replayable step needs no
      // commit before it), but its commit was refused: one run_completed, and the steps' ends are the second's.
      expect(gates.calls.get(runId)).toEqual(['a', 'b', 'a', 'b', 'c', 'c']);
      const kinds = await events(sessionId, runId);
      expect(kinds.filter((e) => e.event === 'run_completed')).toHaveLength(1);
      expect(kinds.filter((e) => e.event === 'step_completed').map((e) => e.data.node)).toEqual(['a', 'b', 'c']);
      expect((await getRun(runId)).status).toBe('succeeded');
    });

    it('is failed with a clear reason when it may not be tried again (JOB_MAX_ATTEMPTS)', async () => {
      const strict = await startTestApp({ ...extras, env: { RUN_CONCURRENCY: '1', JOB_MAX_ATTEMPTS: '1', JOB_LEASE_MS: '60000', JOB_POLL_INTERVAL_MS: '50' } });
      try {
        await strict.app.listen({ host: '127.0.0.1', port: 0 });
        const token = await strict.token(['curator']);
        const res = await strict.app.inject({ method: 'POST', url: '/api/v1/aim/workflows/execute', headers: auth(token), payload: { workflow: 'test_blocking' } });
        const { run_id: runId, session_id: sessionId } = res.json();
        await gates.waitEntered(runId);
        const stream = await followSession(strict, token, sessionId);
        await strict.app.deps.relational.query(`UPDATE jobs SET lease_expires_at = now() - interval '1 second' WHERE ref_id = $1`, [runId]);
        const other = new JobWorker(strict.app.deps.relational, strict.app.engine.queue, [strict.app.engine.executor], {
          concurrency: 1,
          leaseMs: 60_000,
          pollIntervalMs: 50,
          logger: silent,
        });
        await other.start();
        const failed = await stream.waitForEvent(runEvent(runId, RUN_SETTLED));
        stream.close();
        await other.stop(0);
        gates.release(runId);
        await strict.app.engine.worker.whenIdle();
        expect(failed.event).toBe('run_failed');
        expect(failed.data.data).toMatchObject({ code: 'worker_lost' });
        expect(String(failed.data.data.message)).toContain('JOB_MAX_ATTEMPTS allows 1');
        const run = (await strict.app.inject({ method: 'GET', url: `/api/v1/runs/${runId}`, headers: auth(token) })).json();
        expect(run).toMatchObject({ status: 'failed', error: { code: 'worker_lost' } });
        expect(run.steps.map((s: { status: string }) => s.status)).toEqual(['succeeded', 'failed', 'pending']);
        const status = (await strict.app.inject({ method: 'GET', url: `/api/v1/chat/${sessionId}/status`, headers: auth(token) })).json();
        expect(status.state).toBe('failed');
      } finally {
        await strict.close();
      }
    });
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'a run executed by one instance streams to a client of another (shared PostgreSQL)',
    async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'cqks-runs-api-'));
      await cp(path.join(t.dataDir, 'keys'), path.join(dir, 'keys'), { recursive: true });
      // An API-only instance: it executes nothing, so the run must run on `t`.
      const api = await startTestApp({ ...extras, env: { DATA_DIR: dir, DATABASE_SCHEMA: t.config.database.schema, RUN_CONCURRENCY: '0' } });
      try {
        await api.app.listen({ host: '127.0.0.1', port: 0 });
        const { settled, runId, stream } = await executeAndSettle(api, curator, { workflow: 'test_pick' });
        expect(settled.event).toBe('run_awaiting_input');
        await api.app.inject({ method: 'POST', url: `/api/v1/runs/${runId}/input`, headers: auth(curator), payload: { answer: 'a' } });
        const done = await stream.waitForEvent(runEvent(runId, ['run_completed', 'run_failed']));
        stream.close();
        expect(done.event).toBe('run_completed');
        expect(api.app.engine.worker.activeCount).toBe(0);
        expect(gates.calls.get(runId)).toEqual(['before']);
      } finally {
        await api.app.close();
        await rm(api.dataDir, { recursive: true, force: true });
        await rm(dir, { recursive: true, force: true });
      }
    },
  );
});
