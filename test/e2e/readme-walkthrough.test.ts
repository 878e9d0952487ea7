import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceProcess, type ServiceProcess } from '../support/service-process.js';

/**
 * The README's shell blocks that call the API, run as pasted: the first conversation, the token
 * and live-events blocks, the workflow and the documents blocks. They are read from the README
 * itself (so the two cannot drift) and run with bash against the real service, started as
 * `npm start` starts it (embedded stores, demo data) on a port the OS picks.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const README_URL = 'http://127.0.0.1:3000';

/** The sh blocks of one section of the README (`## <title>`), in order. */
async function walkthroughBlocks(title = 'A first conversation'): Promise<string[]> {
  const readme = await readFile(path.join(ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf(`\n## ${title}\n`);
  expect(start).toBeGreaterThan(0);
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end);
  return [...section.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((match) => match[1]!);
}

/** A bash process running `script`, its output gathered; `until` waits for a line of it. */
function bash(script: string, env: NodeJS.ProcessEnv) {
  const child: ChildProcessWithoutNullStreams = spawn('bash', ['-e', '-o', 'pipefail', '-c', script], { cwd: ROOT, env });
  let stdout = '';
  let stderr = '';
  const waiters: { pattern: RegExp; resolve: () => void }[] = [];
  child.stdout.setEncoding('utf8').on('data', (text: string) => {
    stdout += text;
    for (const waiter of waiters.filter((w) => w.pattern.test(stdout))) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  });
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    exited,
    output: () => stdout,
    errors: () => stderr,
    until: (pattern: RegExp) =>
      pattern.test(stdout) ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ pattern, resolve })),
  };
}

describe("the README's shell blocks", () => {
  let dataDir: string;
  let service: ServiceProcess;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'cqks-readme-'));
    service = await startServiceProcess({ DATA_DIR: dataDir, DATABASE_URL: undefined, REDIS_URL: undefined, NEO4J_URI: undefined, DEMO_DATA: 'true' });
  }, 90_000);

  afterAll(async () => {
    await service?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('runs the first conversation as pasted: the answers, the approval, the reused template, the disambiguation and the live stream', async () => {
    const blocks = (await walkthroughBlocks()).map((block) => block.replaceAll(README_URL, service.url));
    expect(blocks).toHaveLength(3);
    const [session, stream, conversation] = blocks as [string, string, string];
    expect(stream).toContain('curl -N');
    expect(stream).toContain('/stream');
    expect(session + conversation).not.toMatch(/\/QUERY_ID\/|<[A-Z_]+>/); // no placeholder left to fill in

    const env = { ...process.env, DATA_DIR: dataDir };
    // The second terminal: the session is made, then (once the third terminal streams) the questions.
    const second = bash(`${session}\necho __SESSION_READY__\nread -r _\n${conversation}`, env);
    await second.until(/__SESSION_READY__/);
    const third = bash(stream, env);
    await third.until(/event: session_created/);
    second.child.stdin.end('\n');
    expect(await second.exited, second.errors()).toBe(0);
    await third.until(/event: answer_ready[\s\S]*event: answer_ready[\s\S]*event: answer_ready/);
    third.child.kill();

    const lines = second
      .output()
      .split('\n')
      .map((line) => line.trim());
    expect(lines).toContain('Orbital Systems maintains 3 projects.');
    expect(lines).toContain('approved');
    expect(lines).toContain('true'); // the paraphrase used the template
    expect(lines).toContain('0'); // and left nothing new in the queue
    expect(second.output()).toMatch(/person:alex-kim-1: Alex Kim \(Person, born 1985/);
    expect(lines).toContain('Alex Kim lives in 1 city: Toronto.');
    expect(second.output()).toContain("'disambiguation alex kim'");

    const events = [...third.output().matchAll(/^event: (\w+)$/gm)].map((match) => match[1]);
    for (const kind of ['session_created', 'step_started', 'tool_executed', 'step_completed', 'query_generated', 'query_reused', 'disambiguation_required']) {
      expect(events).toContain(kind);
    }
    expect(events.filter((kind) => kind === 'answer_ready')).toHaveLength(3);
  }, 120_000);

  it('runs the token block and the live-events block as pasted', async () => {
    const env = { ...process.env, DATA_DIR: dataDir };
    const [tokenBlock] = (await walkthroughBlocks('Get a development token and call the API')).map((b) => b.replaceAll(README_URL, service.url));
    const [streamBlock] = (await walkthroughBlocks('Chat sessions and live events')).map((b) => b.replaceAll(README_URL, service.url));
    const calls = bash(tokenBlock!, env);
    expect(await calls.exited, calls.errors()).toBe(0);
    expect(calls.output()).toContain('"status":"ready"');
    expect(calls.output()).toContain('"counts"');
    // The stream never ends by itself: it is read until the session's first event, then stopped.
    const stream = bash(`${tokenBlock!.split('\n')[0]}\n${streamBlock!}`, env);
    await stream.until(/event: session_created/);
    stream.child.kill();
  }, 60_000);

  it('runs the workflow block as pasted: it waits for the run, then reads its report', async () => {
    const [block] = (await walkthroughBlocks('Workflows, tools and runs')).map((b) => b.replaceAll(README_URL, service.url));
    const run = bash(block!, { ...process.env, DATA_DIR: dataDir });
    expect(await run.exited, run.errors()).toBe(0);
    const lines = run.output().split('\n');
    expect(lines).toContain('succeeded');
    expect(run.output()).toMatch(/^# .+/m); // the report's Markdown, not a 404 of a file not written yet
  }, 60_000);

  it('runs the documents block as pasted: it waits for the ingestion, then lists what it wrote', async () => {
    const [block] = (await walkthroughBlocks('Documents')).map((b) => b.replaceAll(README_URL, service.url));
    const run = bash(block!, { ...process.env, DATA_DIR: dataDir });
    try {
      expect(await run.exited, run.errors()).toBe(0);
      expect(run.output()).toContain('Ada Quill');
      expect(run.output()).toContain('Porto');
    } finally {
      await rm(path.join(ROOT, 'people.csv'), { force: true });
    }
  }, 60_000);
});
