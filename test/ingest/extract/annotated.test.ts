import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { extractFromText } from '../../../src/ingest/extract/text.js';
import { normalizeName } from '../../../src/ingest/names.js';
import type { DocumentFacts } from '../../../src/ingest/types.js';

/**
 * Precision and recall of free-text extraction without a model, on short texts annotated by
 * hand (test/ingest/annotated: every named person, organization and place, and every WORKS_AT,
 * FOUNDED, LOCATED_IN, LIVES_IN and SUPPLIES the text states). `NN-*.json` were written first and the
 * extractor was tuned while reading them; `h*-*.json` were written afterwards, measured once
 * (entities by name: precision 94%, recall 43%; relations: 80%, 21%), and then a few general
 * fixes followed from their misses (known names at sentence starts, "X, who founded Y",
 * "Y' CFO, X", "X, a nurse who lives in Y", a pattern's label over compromise's): they are
 * no longer unseen, only less tuned on. `h7`–`h9` (issue 24: "X, a … based in Y" after an
 * abbreviation, "X joined Y in 2019", "X works at Y as Z", workplaces named like places) were
 * written before the patterns for them and measured first: relations of all texts precision
 * 100%, recall 68.4% (54 of 79), of the h-texts 100%, 54.8% (17 of 31); after: 100%, 73.4%
 * (58) and 100%, 67.7% (21). `h10`, `h11` (supply relations, written before the SUPPLIES patterns
 * and measured first): all texts 100%, 69.7% (62 of 89), h-texts 100%, 61.0% (25 of 41); after
 * the patterns and the appositive's subject ("X, based in Y, supplies Z"): 100%, 71.9% (64) and
 * 100%, 68.3% (28). The resolver's noise rule is applied as it always is: a candidate mentioned
 * once, in no relation, is dropped.
 */

interface Annotated {
  text: string;
  entities: { name: string; label: string }[];
  relations: { from: string; type: string; to: string }[];
}

const folder = fileURLToPath(new URL('../annotated/', import.meta.url));
const files = readdirSync(folder)
  .filter((f) => f.endsWith('.json'))
  .sort();
const load = (file: string) => JSON.parse(readFileSync(`${folder}${file}`, 'utf8')) as Annotated;

/** What the resolver keeps when nothing in the graph matches. */
function afterNoiseRule(facts: DocumentFacts): DocumentFacts {
  const related = new Set(facts.relations.flatMap((r) => [r.from, r.to]));
  return { ...facts, entities: facts.entities.filter((e) => e.mentions > 1 || related.has(e.ref)) };
}

interface Counts {
  tp: number;
  fp: number;
  fn: number;
}

const add = (counts: Counts, predicted: Set<string>, expected: Set<string>) => {
  for (const p of predicted) counts[expected.has(p) ? 'tp' : 'fp']++;
  for (const e of expected) if (!predicted.has(e)) counts.fn++;
};
const precision = (c: Counts) => c.tp / Math.max(1, c.tp + c.fp);
const recall = (c: Counts) => c.tp / Math.max(1, c.tp + c.fn);
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

function measure(names: string[]) {
  const figures = { entities: { tp: 0, fp: 0, fn: 0 }, typed: { tp: 0, fp: 0, fn: 0 }, relations: { tp: 0, fp: 0, fn: 0 }, raw: { tp: 0, fp: 0, fn: 0 } };
  const misses: string[] = [];
  for (const file of names) {
    const gold = load(file);
    const raw = extractFromText({ chunks: [{ index: 0, text: gold.text, start: 0, end: gold.text.length }] });
    const facts = afterNoiseRule(raw);
    const nameOf = new Map(facts.entities.map((e) => [e.ref, normalizeName(e.name)]));
    const predicted = {
      entities: new Set(facts.entities.map((e) => normalizeName(e.name))),
      typed: new Set(facts.entities.map((e) => `${normalizeName(e.name)}/${e.labels[0]}`)),
      relations: new Set(facts.relations.map((r) => `${nameOf.get(r.from)} ${r.type} ${nameOf.get(r.to)}`)),
      raw: new Set(raw.entities.map((e) => normalizeName(e.name))),
    };
    const expected = {
      entities: new Set(gold.entities.map((e) => normalizeName(e.name))),
      typed: new Set(gold.entities.map((e) => `${normalizeName(e.name)}/${e.label}`)),
      relations: new Set(gold.relations.map((r) => `${normalizeName(r.from)} ${r.type} ${normalizeName(r.to)}`)),
      raw: new Set(gold.entities.map((e) => normalizeName(e.name))),
    };
    for (const key of ['entities', 'typed', 'relations', 'raw'] as const) add(figures[key], predicted[key], expected[key]);
    for (const key of ['typed', 'relations'] as const) {
      for (const p of predicted[key]) if (!expected[key].has(p)) misses.push(`${file}: extra ${key} ${p}`);
      for (const e of expected[key]) if (!predicted[key].has(e)) misses.push(`${file}: missed ${key} ${e}`);
    }
  }
  return { figures, misses };
}

function report(title: string, names: string[]) {
  const { figures, misses } = measure(names);
  const line = (what: string, c: Counts) =>
    console.log(`${title} ${what}: precision ${pct(precision(c))}, recall ${pct(recall(c))} (${c.tp} right, ${c.fp} wrong, ${c.fn} missed)`);
  line('entities (by name)', figures.entities);
  line('entities (name and label)', figures.typed);
  line('relations (from, type, to)', figures.relations);
  line('entities before the noise rule (by name)', figures.raw);
  if (process.env['SHOW_MISSES']) console.log(misses.join('\n'));
  return figures;
}

describe('free-text extraction on annotated texts', () => {
  it('has the annotated set it measures', () => {
    expect(files.filter((f) => /^\d\d-/.test(f)).length).toBeGreaterThanOrEqual(12);
    expect(files.filter((f) => /^h\d+-/.test(f)).length).toBeGreaterThanOrEqual(6);
    for (const file of files) {
      const gold = load(file);
      const names = new Set(gold.entities.map((e) => e.name));
      for (const r of gold.relations) expect(names.has(r.from) && names.has(r.to), `${file}: ${r.from} ${r.type} ${r.to}`).toBe(true);
    }
  });

  // Floors: the figures measured when this was written, less a few points (one fact is 1-5 points here).
  it('all texts: precision and recall of entities and relations', () => {
    const f = report('[all]', files);
    expect(precision(f.entities)).toBeGreaterThanOrEqual(0.95);
    expect(recall(f.entities)).toBeGreaterThanOrEqual(0.62);
    expect(precision(f.typed)).toBeGreaterThanOrEqual(0.94);
    expect(recall(f.typed)).toBeGreaterThanOrEqual(0.61);
    expect(precision(f.relations)).toBeGreaterThanOrEqual(0.95);
    expect(recall(f.relations)).toBeGreaterThanOrEqual(0.66);
    expect(precision(f.raw)).toBeGreaterThanOrEqual(0.92);
    expect(recall(f.raw)).toBeGreaterThanOrEqual(0.95);
  });

  it('texts written after the tuning: precision and recall of entities and relations', () => {
    const f = report('[held-out]', files.filter((name) => /^h\d+-/.test(name)));
    expect(precision(f.entities)).toBeGreaterThanOrEqual(0.9);
    expect(recall(f.entities)).toBeGreaterThanOrEqual(0.5);
    expect(precision(f.typed)).toBeGreaterThanOrEqual(0.88);
    expect(recall(f.typed)).toBeGreaterThanOrEqual(0.47);
    expect(precision(f.relations)).toBeGreaterThanOrEqual(0.9);
    expect(recall(f.relations)).toBeGreaterThanOrEqual(0.47);
    expect(precision(f.raw)).toBeGreaterThanOrEqual(0.82);
    expect(recall(f.raw)).toBeGreaterThanOrEqual(0.9);
  });
});
