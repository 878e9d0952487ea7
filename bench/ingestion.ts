import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { SessionStream } from './session-stream.js';
import type { StreamEvent } from './session-stream.js';

/**
 * Document ingestion with no model (the parser child process, NLP, resolution, graph writes):
 * a 300-page text PDF and a 50,000-row CSV, each uploaded, approved and ingested by an admin,
 * followed on the ingestion session's stream until run_completed. Measured: POST ingest ->
 * run_completed, pages/s or rows/s, when each stage was first seen, the parser process's peak
 * memory (the ingestion's counts), what was written, and `GET /health/ready` latency polled
 * one request at a time while the ingestion runs, against the same with nothing running
 * (measured first, in the same run). Targets: PDF under 60 s, CSV under 30 s, readiness p99
 * under 100 ms during ingestion.
 *
 * The service runs in a process of its own (this file, started with `server`), on a fresh
 * DATA_DIR, and in a scratch schema when DATABASE_URL is set.
 */
const PDF_PAGES = Number(process.env.BENCH_INGEST_PDF_PAGES ?? 300);
const PDF_LINES_PER_PAGE = 40;
const CSV_ROWS = Number(process.env.BENCH_INGEST_CSV_ROWS ?? 50_000);
const CSV_CITIES = 400;
const POLL_INTERVAL_MS = Number(process.env.BENCH_INGEST_POLL_MS ?? 20);
const BASELINE_MS = Number(process.env.BENCH_INGEST_BASELINE_S ?? 5) * 1000;
/** How long one ingestion may take before the bench gives up on it. */
const WAIT_MS = Number(process.env.BENCH_INGEST_WAIT_S ?? 900) * 1000;
const TARGETS = { pdfS: 60, csvS: 30, readyP99Ms: 100 };
/** A stage longer than this gets a line on where inside it the time went. */
const LONG_STAGE_MS = 2000;
/** Server log lines (warn and above) kept to show when an ingestion fails. */
const LOG_TAIL_LINES = 40;

// ---------------------------------------------------------------------------------------------
// The server process.

async function serve(): Promise<void> {
  const { startBenchService } = await import('./bench-service.js');
  const { port, token } = await startBenchService({
    name: 'ingestion',
    env: {
      LOG_LEVEL: 'warn',
      // No model: facts come from the parsers and NLP only.
      LLM_BASE_URL: '',
      LLM_MODEL: '',
      RATE_LIMIT_DEFAULT_PER_MINUTE: '1000000',
      RATE_LIMIT_CHAT_CREATE_PER_MINUTE: '1000000',
      RATE_LIMIT_CHAT_MESSAGE_PER_MINUTE: '1000000',
      // Generous where a limit would stop the files here (the parser's memory cap stays the service's).
      DOCUMENT_MAX_BYTES: String(256 * 1024 * 1024),
      DOCUMENT_STORAGE_PER_USER_BYTES: String(4 * 1024 * 1024 * 1024),
      INGEST_PDF_MAX_PAGES: String(Math.max(1000, PDF_PAGES)),
      INGEST_CSV_MAX_ROWS: String(Math.max(200_000, CSV_ROWS)),
      INGEST_MAX_CHARS: String(100_000_000),
      INGEST_MAX_ENTITIES: String(1_000_000),
      INGEST_PARSER_TIMEOUT_MS: String(Math.max(600_000, WAIT_MS)),
      INGEST_STEP_TIMEOUT_MS: String(Math.max(1_800_000, WAIT_MS)),
    },
    // Uploads (user), approves and ingests (admin): admin holds every role below it.
    roles: ['admin'],
  });
  process.send?.({ port, token });
}

// ---------------------------------------------------------------------------------------------
// The files: deterministic, so every run ingests the same bytes.

function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = ['Maren', 'Tobias', 'Ilsa', 'Corwin', 'Annika', 'Dario', 'Felka', 'Jorund', 'Liesel', 'Oskar', 'Perrin', 'Rosalind', 'Sefton', 'Talia', 'Umberto',
  'Vesna', 'Wendell', 'Ysolde', 'Zarek', 'Brannock', 'Calla', 'Edric', 'Greta', 'Hollis', 'Ingrid', 'Kasimir', 'Linnea', 'Mathis', 'Nerys', 'Odile'];
const LAST = ['Oskvik', 'Wrenfield', 'Dravensk', 'Pellacourt', 'Thornquist', 'Valmoray', 'Ashgrove', 'Kestrelly', 'Lindqvar', 'Marrowby', 'Norcaster',
  'Orlavsky', 'Penhallow', 'Quintarro', 'Rasmark', 'Sorrelby', 'Trevanian', 'Ulverton', 'Varganne', 'Whitcombe'];
const ORGS = ['Halvard Instruments', 'Brightwater Analytics', 'Corvane Logistics', 'Duskfield Energy', 'Elmstone Biotech', 'Fennick Rowe Partners',
  'Greyharbor Shipping', 'Ironvale Mining', 'Juniper Row Capital', 'Kestrel Dynamics', 'Lumenfold Labs', 'Mirefield Foods', 'Northmere Insurance',
  'Orison Aerospace', 'Pelgrave Pharmaceuticals', 'Quarrytown Steel', 'Redmantle Media', 'Saltmarsh Foundation'];
const PLACES = ['Port Kessaly', 'Marrowick', 'Eastvale', 'Tarnhollow', 'Vellmar', 'Oskarsund', 'Brenmoor', 'Caldria', 'Dunmere', 'Fallowmere',
  'Graystead', 'Hollin Bay', 'Jarrowgate', 'Paris', 'Oslo', 'Lisbon', 'Toronto', 'Nairobi', 'Osaka', 'Valparaiso'];
const PROJECTS = ['Aurora', 'Bellwether', 'Cobalt', 'Driftwood', 'Ember', 'Foxglove', 'Granite', 'Halcyon'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const NAMED = [
  '{P} met {Q} in {C} to discuss the {X} budget for the coming year.',
  '{P}, who leads research at {O}, said the results from {C} were encouraging.',
  'The {O} office in {C} hired {n} engineers last spring, according to {P}.',
  'According to {P}, the partnership between {O} and {O2} began in {M} {y}.',
  '{P} moved from {C} to {C2} after joining {O} as head of operations.',
  'In {M} {y}, {O} acquired a small supplier based in {C} for an undisclosed sum.',
  '{P} and {Q} co-authored the {X} report, which {O2} later cited in its filing.',
  '{P} is the chief financial officer of {O} and sits on the board of {O2}.',
  'The {X} project, managed by {Q} at {O}, moved its test site to {C}.',
  '{Q} told reporters in {C} that {O} would double its capacity by {y}.',
  '{P} was born in {C} and studied engineering before working for {O}.',
  'Shipments from {C} to {C2} were delayed by three weeks, {P} wrote in a memo.',
];
const PLAIN = [
  'The committee reviewed the quarterly figures and approved the revised schedule.',
  'Costs rose slightly over the period, mostly because of higher freight rates.',
  'Several teams reported that the new procedures had reduced the time spent on audits.',
  'The survey covered more than two thousand households across the region.',
  'Most of the equipment was replaced during the summer maintenance window.',
  'A second phase is planned once the initial measurements have been checked.',
  'Demand remained steady through the winter, in line with earlier forecasts.',
  'The board asked for a detailed breakdown of the remaining risks before the next meeting.',
  'Staff turnover was lower than in any of the previous five years.',
  'The pilot ended on schedule, and its findings were shared with every department.',
];

function sentences(rand: () => number): () => string {
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  // 150 people, each named again and again, so resolution sees the same names many times.
  const people = Array.from({ length: 150 }, () => `${pick(FIRST)} ${pick(LAST)}`);
  return () => {
    if (rand() < 0.4) return pick(PLAIN);
    const fill: Record<string, string> = {
      P: pick(people), Q: pick(people), O: pick(ORGS), O2: pick(ORGS), C: pick(PLACES), C2: pick(PLACES),
      X: pick(PROJECTS), M: pick(MONTHS), y: String(1995 + Math.floor(rand() * 30)), n: String(5 + Math.floor(rand() * 80)),
    };
    return pick(NAMED).replace(/\{(\w+)\}/g, (_, key: string) => fill[key]!);
  };
}

/** A text PDF of `pages` US Letter pages, each of 40 lines of wrapped paragraphs (Helvetica 10). */
async function makeReportPdf(pages: number): Promise<{ bytes: Uint8Array; lines: number }> {
  const rand = random(20240611);
  const next = sentences(rand);
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const size = 10;
  const width = 612 - 2 * 54;
  const lines: string[] = [];
  const fill = (count: number) => {
    while (lines.length < count) {
      const paragraph = Array.from({ length: 3 + Math.floor(rand() * 5) }, next).join(' ');
      let line = '';
      for (const word of paragraph.split(' ')) {
        const candidate = line ? `${line} ${word}` : word;
        if (font.widthOfTextAtSize(candidate, size) > width && line) {
          lines.push(line);
          line = word;
        } else line = candidate;
      }
      if (line) lines.push(line);
      lines.push(''); // between paragraphs
    }
  };
  fill(pages * PDF_LINES_PER_PAGE);
  for (let p = 0; p < pages; p++) {
    const page = pdf.addPage([612, 792]);
    lines.slice(p * PDF_LINES_PER_PAGE, (p + 1) * PDF_LINES_PER_PAGE).forEach((text, i) => {
      if (text) page.drawText(text, { x: 54, y: 738 - i * 17, size, font });
    });
  }
  return { bytes: await pdf.save(), lines: pages * PDF_LINES_PER_PAGE };
}

/** id,name,type,age,city_id: 400 cities, then people, each living in one of them (city_id: a relationship). */
function makePeopleCsv(rows: number): Uint8Array {
  const rand = random(7);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const out = ['id,name,type,age,city_id'];
  const cities = Math.min(CSV_CITIES, Math.max(1, Math.floor(rows / 10)));
  for (let id = 1; id <= rows; id++) {
    if (id <= cities) out.push(`${id},${PLACES[(id - 1) % PLACES.length]} ${Math.ceil(id / PLACES.length)},City,,`);
    else out.push(`${id},${pick(FIRST)} ${pick(LAST)},Person,${18 + Math.floor(rand() * 70)},${1 + Math.floor(rand() * cities)}`);
  }
  return new TextEncoder().encode(`${out.join('\n')}\n`);
}

// ---------------------------------------------------------------------------------------------
// The client.


const pct = (values: number[], p: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Poll {
  /** performance.now() when the request was sent. */
  at: number;
  ms: number;
  status: number;
}

/** `GET /health/ready`, one request at a time, a new one every POLL_INTERVAL_MS (at once when one took longer). */
class ReadinessPoller {
  readonly polls: Poll[] = [];
  private running = true;
  private readonly done: Promise<void>;

  constructor(private readonly url: string) {
    this.done = this.loop();
  }

  private async loop(): Promise<void> {
    while (this.running) {
      const at = performance.now();
      let status = 0;
      try {
        const res = await fetch(this.url);
        await res.arrayBuffer();
        status = res.status;
      } catch {
        status = -1;
      }
      const ms = performance.now() - at;
      this.polls.push({ at, ms, status });
      const wait = POLL_INTERVAL_MS - ms;
      if (wait > 0 && this.running) await sleep(wait);
    }
  }

  async stop(): Promise<Poll[]> {
    this.running = false;
    await this.done;
    return this.polls;
  }
}

class Client {
  constructor(
    readonly base: string,
    readonly token: string,
  ) {}

  async request<T>(method: string, url: string, body?: unknown, expect = 200): Promise<T> {
    const res = await fetch(`${this.base}${url}`, {
      method,
      headers: { authorization: `Bearer ${this.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status !== expect) throw new Error(`${method} ${url} answered ${res.status} (expected ${expect}): ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  async upload(fileName: string, bytes: Uint8Array, contentType: string): Promise<string> {
    const form = new FormData();
    form.append('files', new Blob([bytes], { type: contentType }), fileName);
    const res = await fetch(`${this.base}/api/v1/documents/upload`, { method: 'POST', headers: { authorization: `Bearer ${this.token}` }, body: form });
    const text = await res.text();
    if (res.status !== 201) throw new Error(`upload of ${fileName} answered ${res.status}: ${text}`);
    return (JSON.parse(text) as { items: { doc_id: string }[] }).items[0]!.doc_id;
  }
}

interface Ingestion {
  state: string;
  stage: string | null;
  failure: { stage: string | null; reason: string; retryable: boolean } | null;
  warnings: string[];
  counts: Record<string, number> | null;
}

interface Case {
  name: string;
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
  /** What the rate counts: pages or rows. */
  items: number;
  unit: string;
  targetS: number;
  describe: string;
}

const ms = (n: number) => (Number.isFinite(n) ? `${n.toFixed(1)} ms` : 'n/a');
const s = (n: number) => `${(n / 1000).toFixed(2)} s`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function ingestOne(client: Client, c: Case, baselineP99: number, serverLog: () => string[]): Promise<{ lines: string[]; completed: boolean }> {
  const lines = [`  ${c.describe}`];
  const uploadStarted = performance.now();
  const docId = await client.upload(c.fileName, c.bytes, c.contentType);
  const uploadMs = performance.now() - uploadStarted;
  const approveStarted = performance.now();
  await client.request('POST', `/api/v1/documents/${docId}/approve`, {});
  const approveMs = performance.now() - approveStarted;

  const poller = new ReadinessPoller(`${client.base}/health/ready`);
  const posted = performance.now();
  const postedWall = performance.timeOrigin + posted;
  let stream: SessionStream | undefined;
  let polls: Poll[];
  let settled: StreamEvent;
  let runId: string;
  try {
    const started = await client.request<{ run_id: string; session_id: string }>('POST', `/api/v1/documents/${docId}/ingest`, undefined, 202);
    runId = started.run_id;
    stream = await SessionStream.open(`${client.base}/api/v1/chat/${started.session_id}/stream`, client.token);
    settled = await stream.waitFor(runId, ['run_completed', 'run_failed', 'run_cancelled'], WAIT_MS);
  } finally {
    polls = await poller.stop();
    stream?.close();
  }
  const totalMs = settled.at - posted;
  const events = stream.events(runId);
  const doc = await client.request<{ ingestion: Ingestion }>('GET', `/api/v1/documents/${docId}`);
  const ingestion = doc.ingestion;

  lines.push(`    upload ${ms(uploadMs)}, approve ${ms(approveMs)}; document ${docId}, run ${runId}`);
  if (settled.event !== 'run_completed') {
    lines.push(
      `    FAILED: the run ended with ${settled.event} after ${s(totalMs)}: ${JSON.stringify(settled.data)}`,
      `    ingestion: state ${ingestion.state}, stage ${ingestion.stage}, failure ${JSON.stringify(ingestion.failure)}`,
      `    last events: ${events.slice(-6).map((e) => `${e.event} ${JSON.stringify(e.data)}`).join(' | ')}`,
      ...(serverLog().length ? ['    server log (warn and above, last lines):', ...serverLog().map((l) => `      ${l}`)] : ['    server log: nothing at warn or above']),
    );
    return { lines, completed: false };
  }

  const ok = totalMs < c.targetS * 1000;
  lines.push(
    `    ingest (POST -> run_completed) ${s(totalMs)} = ${((c.items * 1000) / totalMs).toFixed(1)} ${c.unit}/s ` +
      `(target < ${c.targetS} s) ${ok ? 'OK' : 'ABOVE TARGET'}`,
  );

  // Stages: when each was first seen (its event's own timestamp, after the POST), and how long until the next one.
  const progress = events.filter((e) => e.event === 'ingestion_progress');
  const firsts: { stage: string; at: number; last?: Record<string, unknown> }[] = [];
  for (const e of progress) {
    const stage = String(e.data.stage);
    if (!firsts.some((f) => f.stage === stage)) firsts.push({ stage, at: Date.parse(e.timestamp) - postedWall });
    firsts.find((f) => f.stage === stage)!.last = e.data;
  }
  const completedAt = Date.parse(settled.timestamp) - postedWall;
  const stageWindows = firsts.map((f, i) => ({ ...f, until: firsts[i + 1]?.at ?? completedAt }));
  const firstStarted = events.find((e) => e.event === 'run_started');
  lines.push(
    `    stages (first seen after the POST, then until the next; run_started +${firstStarted ? s(Date.parse(firstStarted.timestamp) - postedWall) : 'n/a'}, ` +
      `run_completed +${s(completedAt)}):`,
    ...stageWindows.map((w) => {
      const last = w.last && Number(w.last.total) > 0 ? `  (last progress ${String(w.last.done)}/${String(w.last.total)} ${String(w.last.unit)})` : '';
      return `      ${w.stage.padEnd(20)} +${s(w.at).padStart(8)}  ${s(w.until - w.at).padStart(8)}${last}`;
    }),
  );
  // Inside a long stage: when its progress reached a quarter, half, three quarters and all of its total, and what followed.
  for (const w of stageWindows) {
    if (w.until - w.at < LONG_STAGE_MS) continue;
    const points = progress
      .filter((e) => e.data.stage === w.stage && Number(e.data.total) > 0)
      .map((e) => ({ at: Date.parse(e.timestamp) - postedWall - w.at, done: Number(e.data.done), total: Number(e.data.total) }));
    if (points.length === 0) continue;
    const reached = (share: number) => points.find((p) => p.done >= share * p.total)?.at;
    const marks = [0.25, 0.5, 0.75, 1].map((q) => `${q * 100}% ${reached(q) === undefined ? 'n/a' : s(reached(q)!)}`);
    const all = reached(1);
    lines.push(
      `      ${w.stage}: ${marks.join(', ')}` +
        (all === undefined ? '' : `; then ${s(w.until - w.at - all)} more before the next stage`) +
        ` (${points.length} progress events)`,
    );
  }
  const steps = events.filter((e) => e.event === 'step_completed' && e.data.duration_ms !== undefined);
  if (steps.length) lines.push(`    steps (step_completed duration_ms): ${steps.map((e) => `${String(e.data.node)} ${Number(e.data.duration_ms).toFixed(0)}`).join(', ')}`);

  const counts = ingestion.counts ?? {};
  const peak = counts.parser_peak_rss_mb;
  const parserMs = counts.parser_ms;
  lines.push(
    `    parser process: peak RSS ${peak === undefined ? 'n/a' : `${peak} MB`}, wall ${parserMs === undefined ? 'n/a' : s(parserMs)}`,
    `    written: entities ${counts.entities ?? 'n/a'}, relationships ${counts.relationships ?? 'n/a'}; counts ${JSON.stringify(counts)}` +
      (ingestion.warnings.length ? `; ${ingestion.warnings.length} warning(s), first: ${ingestion.warnings[0]}` : ''),
  );

  // Readiness while it ran: the polls sent between the POST and run_completed.
  const during = polls.filter((p) => p.at >= posted && p.at <= settled.at);
  const latencies = during.map((p) => p.ms);
  const p99 = pct(latencies, 99);
  const errors = during.filter((p) => p.status !== 200).length;
  const readyOk = p99 < TARGETS.readyP99Ms && errors === 0;
  lines.push(
    `    readiness during ingestion (${during.length} polls${errors ? `, ${errors} not 200` : ''}): p50 ${ms(pct(latencies, 50))}  p99 ${ms(p99)}  ` +
      `max ${ms(Math.max(...latencies))}; p99 / bare p99 ${(p99 / baselineP99).toFixed(1)}x (target p99 < ${TARGETS.readyP99Ms} ms) ${readyOk ? 'OK' : 'ABOVE TARGET'}`,
    `    readiness per stage (p99 / max): ` +
      stageWindows
        .map((w) => {
          const inStage = during.filter((p) => p.at - posted >= w.at && p.at - posted < w.until).map((p) => p.ms);
          return `${w.stage} ${inStage.length ? `${pct(inStage, 99).toFixed(1)}/${Math.max(...inStage).toFixed(1)}` : '-'}`;
        })
        .join(', '),
    `    slowest polls (sent after the POST, in stage): ` +
      [...during]
        .sort((x, y) => y.ms - x.ms)
        .slice(0, 3)
        .map((p) => {
          const at = p.at - posted;
          const stage = stageWindows.find((w) => at >= w.at && at < w.until)?.stage ?? 'before the first stage';
          return `${p.ms.toFixed(0)} ms at +${s(at)} (${stage})`;
        })
        .join(', '),
  );
  return { lines, completed: true };
}

export async function benchIngestion(): Promise<string[]> {
  // The files first: making them is no part of what is measured.
  const { bytes: pdf } = await makeReportPdf(PDF_PAGES);
  const csv = makePeopleCsv(CSV_ROWS);

  const child = fork(fileURLToPath(import.meta.url), ['server'], {
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean)],
    // The service's log (warn and above) is kept, to show when an ingestion fails.
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const log: string[] = [];
  let partial = '';
  child.stdout?.setEncoding('utf8');
  child.stdout?.on('data', (text: string) => {
    const parts = (partial + text).split('\n');
    partial = parts.pop() ?? '';
    log.push(...parts.filter((l) => l.trim() !== ''));
    log.splice(0, Math.max(0, log.length - LOG_TAIL_LINES));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    const { port, token } = await new Promise<{ port: number; token: string }>((resolve, reject) => {
      child.once('message', (m) => resolve(m as { port: number; token: string }));
      child.once('exit', (code) => reject(new Error(`the ingestion bench server exited with ${code}`)));
    });
    const client = new Client(`http://127.0.0.1:${port}`, token);

    // Bare readiness: warmed up, then polled as during an ingestion, with nothing else running.
    for (let i = 0; i < 20; i++) await fetch(`${client.base}/health/ready`).then((r) => r.arrayBuffer());
    const bare = new ReadinessPoller(`${client.base}/health/ready`);
    await sleep(BASELINE_MS);
    const bareLatencies = (await bare.stop()).map((p) => p.ms);
    const bareP99 = pct(bareLatencies, 99);

    const store = process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'PGlite (embedded)';
    const lines = [
      `  no model (LLM_BASE_URL/LLM_MODEL empty); relational store ${store}; GET /health/ready polled one at a time every ${POLL_INTERVAL_MS} ms`,
      `  readiness, nothing running (${(BASELINE_MS / 1000).toFixed(0)} s, ${bareLatencies.length} polls): p50 ${ms(pct(bareLatencies, 50))}  p99 ${ms(bareP99)}  max ${ms(Math.max(...bareLatencies))}`,
    ];
    const cases: Case[] = [
      {
        name: 'pdf', fileName: 'annual-review.pdf', contentType: 'application/pdf', bytes: pdf, items: PDF_PAGES, unit: 'pages', targetS: TARGETS.pdfS,
        describe: `PDF: ${PDF_PAGES} pages of ${PDF_LINES_PER_PAGE} lines of text (${mb(pdf.length)})`,
      },
      {
        name: 'csv', fileName: 'people.csv', contentType: 'text/csv', bytes: csv, items: CSV_ROWS, unit: 'rows', targetS: TARGETS.csvS,
        describe: `CSV: ${CSV_ROWS.toLocaleString('en-US')} rows id,name,type,age,city_id (${Math.min(CSV_CITIES, Math.floor(CSV_ROWS / 10))} City rows, city_id a reference) (${mb(csv.length)})`,
      },
    ];
    for (const c of cases) {
      log.splice(0);
      const result = await ingestOne(client, c, bareP99, () => [...log]);
      lines.push(...result.lines);
      // A target missed is a figure; an ingestion that failed is an error.
      if (!result.completed) process.exitCode = 1;
    }
    return lines;
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    // Wait for the server to drop its scratch schema (bounded).
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000).unref())]);
  }
}

const entry = process.argv[1] ? path.resolve(process.argv[1]) : '';
if (entry === fileURLToPath(import.meta.url) && process.argv[2] === 'server') await serve();
