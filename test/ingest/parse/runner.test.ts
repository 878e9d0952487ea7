import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chunkDocument } from '../../../src/ingest/chunk.js';
import { runInParserProcess } from '../../../src/ingest/child/runner.js';
import type { ParserStats } from '../../../src/ingest/child/runner.js';
import { parseDocument } from '../../../src/ingest/parse/index.js';
import type { Progress } from '../../../src/ingest/types.js';
import { chunksOf, limits, makeDocx, makePdf, makeZipBomb } from '../fixtures.js';

const utf8 = (text: string) => new TextEncoder().encode(text);

/** The extractors are written alongside (src/ingest/extract/): the `extract` task is tested once they are all there. */
const extractorsReady = existsSync(path.resolve('src/ingest/extract/text.ts'));

/** Processes whose parent is `pid`, zombies included (Linux /proc). */
function childrenOf(pid: number): { pid: number; state: string; command: string }[] {
  const children: { pid: number; state: string; command: string }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "pid (comm) state ppid ...": comm may hold spaces, so read after its closing parenthesis.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(ppid) !== pid) continue;
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
      children.push({ pid: Number(entry), state: state!, command });
    } catch {
      // gone meanwhile
    }
  }
  return children;
}

/** Whether a process still runs (an exited one waiting to be reaped by whoever adopted it does not). */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0] !== 'Z';
  } catch {
    return false;
  }
}

async function waitFor<T>(probe: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A Markdown list nested 1,500 deep: micromark takes many seconds over it (quadratic), busy all along. */
const slowMarkdown = () => utf8(Array.from({ length: 1500 }, (_, i) => `${'  '.repeat(i)}- x`).join('\n'));

describe('the parser child process', () => {
  afterEach(() => {
    // Every way out kills and reaps the child: nothing left running, no zombie (a zombie has no command line).
    expect(childrenOf(process.pid).filter((child) => child.state === 'Z' || child.command.includes('parser-entry'))).toEqual([]);
  });

  it('parses streamed bytes like the in-process parser, sniffing them when no format is given', async () => {
    const pdf = await makePdf(['Alex Kim met Bea Lund in Paris.', 'On the second page.']);
    const progress: Progress[] = [];
    const stats: ParserStats[] = [];
    const result = await runInParserProcess({
      task: 'parse',
      bytes: chunksOf(pdf, 333),
      limits: limits(),
      onProgress: (p) => progress.push(p),
      onStats: (s) => stats.push(s),
    });
    // Told once, before the promise settles: the child's peak resident memory (a Node process: MBs) and its wall time.
    expect(stats).toEqual([{ peakRssBytes: expect.any(Number), elapsedMs: expect.any(Number) }]);
    expect(stats[0]!.peakRssBytes).toBeGreaterThan(1024 * 1024);
    expect(stats[0]!.elapsedMs).toBeGreaterThan(0);
    const document = await parseDocument({ bytes: pdf, format: 'pdf', limits: limits() });
    expect(result).toEqual({ document, chunks: chunkDocument(document, limits()) });
    expect(progress).toContainEqual({ stage: 'extracting_text', done: 2, total: 2, unit: 'pages' });
    expect(progress.at(-1)).toMatchObject({ stage: 'chunking' });

    const docx = await makeDocx(['First paragraph.', 'Second paragraph.']);
    const fromDocx = await runInParserProcess({ task: 'parse', bytes: chunksOf(docx), format: 'docx', limits: limits() });
    expect(fromDocx.document.blocks.map((b) => b.text)).toEqual(['First paragraph.', 'Second paragraph.']);
  });

  it.skipIf(!extractorsReady)('extracts facts too, reporting the extraction stage', async () => {
    const progress: Progress[] = [];
    const csv = utf8('name,city\nAlex Kim,Paris\nBea Lund,Oslo\n');
    const result = await runInParserProcess({ task: 'extract', bytes: chunksOf(csv), limits: limits(), sourceName: 'people.csv', onProgress: (p) => progress.push(p) });
    expect(result.document.table?.rows).toHaveLength(2);
    expect(result.facts).toMatchObject({ entities: expect.any(Array), relations: expect.any(Array), warnings: expect.any(Array) });
    expect(result.facts.entities.length).toBeGreaterThan(0);
    expect(progress.map((p) => p.stage)).toEqual(expect.arrayContaining(['extracting_text', 'chunking']));
  });

  it('makes a preview', async () => {
    const preview = await runInParserProcess({
      task: 'preview',
      bytes: chunksOf(utf8('a,b\n1,x\n2,y\n3,z\n')),
      format: 'csv',
      limits: limits(),
      previewLimits: { maxLines: 10, maxRows: 2, maxBytes: 1000 },
    });
    expect(preview).toEqual({ kind: 'table', columns: ['a', 'b'], rows: [[1, 'x'], [2, 'y']], total_rows: 3, truncated: true, format: 'csv', warnings: [] });
  });

  it('gives back an IngestRejection from the child as it was', async () => {
    const pdf = await makePdf(['1', '2', '3']);
    await expect(runInParserProcess({ task: 'parse', bytes: chunksOf(pdf), limits: limits({ pdfMaxPages: 2 }) })).rejects.toMatchObject({
      name: 'IngestRejection',
      stage: 'extracting_text',
      message: 'the PDF has 3 pages, more than 2 (INGEST_PDF_MAX_PAGES)',
    });
    await expect(runInParserProcess({ task: 'parse', bytes: chunksOf(new Uint8Array([0x89, 0x50, 0x4e, 0x47])), limits: limits() })).rejects.toMatchObject({
      name: 'IngestRejection',
      stage: 'sniffing',
      message: 'not a supported document: not UTF-8 text (invalid byte at offset 0)',
    });
  });

  it('stops a zip bomb that passes the zip check at the memory cap; this process lives on', async () => {
    const bomb = await makeZipBomb(); // 256 MiB inflated; the limits below let the zip check pass it
    const bombLimits = limits({ parserMaxMemoryMb: 64, zipMaxInflatedBytes: 2 ** 33, zipMaxRatio: 1_000_000 });
    const error = await runInParserProcess({ task: 'parse', bytes: chunksOf(bomb), format: 'docx', limits: bombLimits }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'IngestRejection', stage: 'extracting_text', message: 'the parser used more than 64 MB and was stopped' });
    // Still here, and still able to run the next document.
    const next = await runInParserProcess({ task: 'parse', bytes: chunksOf(utf8('still alive')), limits: limits() });
    expect(next.document.blocks).toEqual([{ text: 'still alive', offset: 0 }]);
  });

  it('stops a child that runs out of heap', async () => {
    const many = utf8(`[${'[1],'.repeat(2_000_000)}1]`); // 8 MB of JSON, two million arrays once parsed
    await expect(runInParserProcess({ task: 'parse', bytes: chunksOf(many, 1024 * 1024), format: 'json', limits: limits({ parserMaxMemoryMb: 100 }) })).rejects.toMatchObject({
      name: 'IngestRejection',
      message: 'the parser used more than 100 MB and was stopped',
    });
  });

  it('stops a parser that takes longer than parserTimeoutMs', async () => {
    const started = Date.now();
    await expect(runInParserProcess({ task: 'parse', bytes: chunksOf(slowMarkdown()), format: 'markdown', limits: limits({ parserTimeoutMs: 1500 }) })).rejects.toMatchObject({
      name: 'IngestRejection',
      stage: 'extracting_text',
      message: 'the parser took longer than 1.5 s and was stopped',
    });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('rejects with the reason when its signal aborts, before or while it runs', async () => {
    const reason = new Error('cancelled by the user');
    await expect(runInParserProcess({ task: 'parse', bytes: chunksOf(utf8('x')), limits: limits(), signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
    const controller = new AbortController();
    const running = runInParserProcess({ task: 'parse', bytes: chunksOf(slowMarkdown()), format: 'markdown', limits: limits(), signal: controller.signal });
    setTimeout(() => controller.abort(reason), 300);
    await expect(running).rejects.toBe(reason);
  });

  it('rejects with the error of the bytes when reading them fails, and stops reading them when it ends early', async () => {
    const broken = new Error('the store went away');
    async function* failing() {
      yield utf8('some text');
      throw broken;
    }
    await expect(runInParserProcess({ task: 'parse', bytes: failing(), limits: limits() })).rejects.toBe(broken);

    let closed = false;
    async function* endless() {
      try {
        for (;;) {
          yield new Uint8Array(64 * 1024).fill(0x61);
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      } finally {
        closed = true;
      }
    }
    await expect(runInParserProcess({ task: 'parse', bytes: endless(), format: 'text', limits: limits({ parserTimeoutMs: 500 }) })).rejects.toMatchObject({
      message: 'the parser took longer than 0.5 s and was stopped',
    });
    // The stream is closed as the pipeline unwinds, just after the rejection (under load, a turn or two later).
    await vi.waitFor(() => expect(closed).toBe(true), { timeout: 5_000 });
  });

  it('exits when the process that started it dies, even while it is busy parsing', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'cqks-parser-parent-'));
    try {
      // A parent with two parses: one waits for bytes that never come, one is deep in a slow parse.
      const script = path.join(dir, 'parent.mts');
      const runner = pathToFileURL(path.resolve('src/ingest/child/runner.ts')).href;
      const parentLimits = JSON.stringify(limits({ parserTimeoutMs: 60_000 }));
      await writeFile(
        script,
        `import { runInParserProcess } from ${JSON.stringify(runner)};\n` +
          `async function* never() { yield new TextEncoder().encode('x'); await new Promise(() => {}); }\n` +
          `const markdown = Array.from({ length: 1500 }, (_, i) => '  '.repeat(i) + '- x').join('\\n');\n` +
          `async function* slow() { yield new TextEncoder().encode(markdown); }\n` +
          `void runInParserProcess({ task: 'parse', bytes: never(), format: 'text', limits: ${parentLimits} }).catch(() => {});\n` +
          `void runInParserProcess({ task: 'parse', bytes: slow(), format: 'markdown', limits: ${parentLimits} }).catch(() => {});\n` +
          `setInterval(() => {}, 1000);\n`,
      );
      // The parent script is TypeScript: tsx runs it (its parsers start from the bundle of child modules).
      const parent = spawn(process.execPath, ['--import', 'tsx', script], { stdio: 'ignore' });
      // Only the parsers (tsx may run an esbuild service process too).
      const parsers = () => childrenOf(parent.pid!).filter((child) => child.command.includes('parser-entry'));
      const children = await waitFor(() => {
        const found = parsers();
        return found.length === 2 ? found : undefined;
      });
      await new Promise((resolve) => setTimeout(resolve, 1000)); // the slow one is parsing by now
      parent.kill('SIGKILL');
      await new Promise((resolve) => parent.once('exit', resolve));
      await waitFor(() => (children.some((child) => running(child.pid)) ? undefined : true), 5000);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
