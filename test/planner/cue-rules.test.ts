import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGGREGATE_CUES, COMPARATOR_CUES, RANK_CUES, SUPERLATIVE_DIMENSIONS } from '../../src/planner/read/cues.js';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { plannerOn } from '../support/planner.js';
import { openScratchGraph } from '../support/scratch-graph.js';

/**
 * Every rule of the planner's cue tables (cues.ts), tried on two small graphs of invented domains
 * whose keys differ: a question made with the rule's words must come out as the rule says (the
 * rows a reference computation gives), whatever the graph calls its things.
 */

interface Domain {
  name: string;
  label: string;
  plural: string;
  /** The number compared ("weight"), its key, and the text property's word and key. */
  number: { word: string; key: string };
  text: { word: string; key: string };
  /** A property for each superlative's dimension word, by the word a question would use. */
  dimensions: Record<string, { key: string; values: number[] }>;
  items: { name: string; number: number; text: string }[];
}

const WAREHOUSE: Domain = {
  name: 'warehouse',
  label: 'Crate',
  plural: 'crates',
  number: { word: 'weight', key: 'weight' },
  text: { word: 'label', key: 'label' },
  dimensions: {},
  items: [
    { name: 'Crate Alder', number: 12, text: 'fragile glass' },
    { name: 'Crate Birch', number: 40, text: 'keep dry' },
    { name: 'Crate Cedar', number: 55, text: 'fragile china' },
    { name: 'Crate Dogwood', number: 70, text: 'this side up' },
  ],
};

const ORCHESTRA: Domain = {
  name: 'orchestra',
  label: 'Concert',
  plural: 'concerts',
  number: { word: 'seats', key: 'seats' },
  text: { word: 'programme', key: 'programme' },
  dimensions: {},
  items: [
    { name: 'Spring Gala', number: 300, text: 'baroque suites' },
    { name: 'Summer Nights', number: 480, text: 'film scores' },
    { name: 'Autumn Winds', number: 520, text: 'baroque concertos' },
    { name: 'Winter Lights', number: 950, text: 'carols and hymns' },
  ],
};

const batchOf = (d: Domain): UpsertBatch => ({
  nodes: d.items.map((item, i) => ({ key: `${d.name}:${i}`, labels: [d.label], properties: { name: item.name, [d.number.key]: item.number, [d.text.key]: item.text } })),
  relationships: [],
});

const OPS: Record<string, (a: number, b: number) => boolean> = {
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
  '<': (a, b) => a < b,
  '<=': (a, b) => a <= b,
  '=': (a, b) => a === b,
};
const TEXT_OPS: Record<string, (a: string, b: string) => boolean> = {
  contains: (a, b) => a.includes(b),
  starts: (a, b) => a.startsWith(b),
  ends: (a, b) => a.endsWith(b),
};

/** Cues said after the number ("40 or more"). */
const AFTER = (words: string[]) => words[0] === 'or';

describe.each([WAREHOUSE, ORCHESTRA])('cue rules on the $name graph', (d) => {
  let scratch: Awaited<ReturnType<typeof openScratchGraph>>;
  let planner: Awaited<ReturnType<typeof plannerOn>>;

  beforeAll(async () => {
    scratch = await openScratchGraph(`cues-${d.name}`, batchOf(d));
    planner = await plannerOn(scratch.graph);
  });
  afterAll(() => scratch?.close());

  const namesOf = async (question: string) => {
    const answer = await planner.ask(question);
    if (!answer.reading.ok) throw new Error(`${question}: ${answer.reading.reason}`);
    return { names: answer.rows.map((r) => String(Object.values(r)[0])).sort(), cypher: answer.cypher };
  };

  const pivot = d.items[1]!.number;
  const numeric = COMPARATOR_CUES.filter((c) => !c.text);
  it.each(numeric.map((c) => [c.words.join(' '), c] as const))('compares numbers: "%s"', async (_, cue) => {
    const said = cue.words.join(' ');
    const question = AFTER(cue.words) ? `Which ${d.plural} have ${pivot} ${d.number.word} ${said}?` : `Which ${d.plural} have ${d.number.word} ${said} ${pivot}?`;
    const expected = d.items.filter((x) => OPS[cue.op]!(x.number, pivot)).map((x) => x.name).sort();
    const { names, cypher } = await namesOf(question);
    expect(names, `${question}\n${cypher}`).toEqual(expected);
  });

  const textual = COMPARATOR_CUES.filter((c) => c.text);
  it.each(textual.map((c) => [c.words.join(' '), c] as const))('compares text: "%s"', async (_, cue) => {
    const probe = cue.op === 'starts' ? d.items[0]!.text.split(' ')[0]! : cue.op === 'ends' ? d.items[0]!.text.split(' ').at(-1)! : d.items[0]!.text.split(' ')[0]!;
    const question = `Which ${d.plural} have a ${d.text.word} ${cue.words.join(' ')} '${probe}'?`;
    const expected = d.items.filter((x) => TEXT_OPS[cue.op]!(x.text, probe)).map((x) => x.name).sort();
    const { names, cypher } = await namesOf(question);
    expect(names, `${question}\n${cypher}`).toEqual(expected);
  });

  it.each(Object.entries(AGGREGATE_CUES))('aggregates: "%s" is %s', async (word, fn) => {
    const question = `What is the ${word} ${d.number.word} of all ${d.plural}?`;
    const values = d.items.map((x) => x.number);
    const expected = fn === 'avg' ? values.reduce((a, b) => a + b, 0) / values.length : fn === 'sum' ? values.reduce((a, b) => a + b, 0) : fn === 'max' ? Math.max(...values) : Math.min(...values);
    const answer = await planner.ask(question);
    if (!answer.reading.ok) throw new Error(`${question}: ${answer.reading.reason}`);
    expect(Number(Object.values(answer.rows[0] ?? {})[0]), `${question}\n${answer.cypher}`).toBeCloseTo(expected, 6);
  });

  it.each(Object.entries(RANK_CUES))('ranks: "the %s" is %s', async (word, direction) => {
    const question = `Which ${d.label.toLowerCase()} has the ${word} ${d.number.word}?`;
    const sorted = [...d.items].sort((a, b) => (direction === 'DESC' ? b.number - a.number : a.number - b.number));
    const { names, cypher } = await namesOf(question);
    expect(names, `${question}\n${cypher}`).toEqual([sorted[0]!.name]);
  });
});

/** A graph with a property for every superlative's dimension, named by one of the dimension's words. */
describe.each([
  ['a fleet', 'Vessel', 'vessels', 0],
  ['a zoo', 'Animal', 'animals', 1],
] as const)('superlatives on %s', (name, label, plural, variant) => {
  let scratch: Awaited<ReturnType<typeof openScratchGraph>>;
  let planner: Awaited<ReturnType<typeof plannerOn>>;
  // One property per dimension, keyed by one of its words (the second graph by another where there is one).
  // A key no other dimension also names (else the planner rightly cannot tell which is meant).
  // (Antonyms name one dimension: "long" and "short" both rank by a length.)
  const dimensionOf = (adjective: string) => SUPERLATIVE_DIMENSIONS[adjective]!.words.filter((w) => w !== adjective).join();
  const claimed = (word: string, adjective: string) =>
    Object.entries(SUPERLATIVE_DIMENSIONS).some(([other, d]) => !d.onDates && d.words.includes(word) && dimensionOf(other) !== dimensionOf(adjective));
  const dimensions = Object.entries(SUPERLATIVE_DIMENSIONS)
    .filter(([, dim]) => !dim.onDates)
    .map(([adjective, dim]) => {
      const own = dim.words.filter((w) => w !== adjective && !claimed(w, adjective));
      return { adjective, dim, key: own[Math.min(variant, own.length - 1)]! };
    });
  const keys = [...new Set(dimensions.map((x) => x.key))];
  const things: Record<string, string | number>[] = [0, 1, 2, 3].map((i) => ({
    name: `${label} ${['North', 'East', 'South', 'West'][i]}`,
    // Every key orders the things differently, so a wrong key shows.
    ...Object.fromEntries(keys.map((k, j) => [k, ((i + j) % 4) * 10 + j + 1])),
  }));

  beforeAll(async () => {
    scratch = await openScratchGraph(`superlatives-${variant}`, {
      nodes: things.map((t, i) => ({ key: `${label}:${i}`, labels: [label], properties: t })),
      relationships: [],
    });
    planner = await plannerOn(scratch.graph);
  });
  afterAll(() => scratch?.close());

  const superlativeOf = (adjective: string) =>
    ({ cheap: 'cheapest', expensive: 'most expensive', costly: 'costliest', long: 'longest', short: 'shortest', big: 'biggest', large: 'largest', small: 'smallest', popular: 'most popular', rated: 'highest rated', heavy: 'heaviest', light: 'lightest', tall: 'tallest', old: 'oldest', young: 'youngest', new: 'newest', late: 'latest', recent: 'most recent', early: 'earliest' })[adjective] ?? `${adjective}est`;

  it.each(dimensions.map((x) => [x.adjective, x] as const))('"%s" ranks by its dimension', async (_, { adjective, dim, key }) => {
    const question = `Which ${label.toLowerCase()} is the ${superlativeOf(adjective)}?`;
    const sorted = [...things].sort((a, b) => (dim.onValues === 'DESC' ? (b[key] as number) - (a[key] as number) : (a[key] as number) - (b[key] as number)));
    const answer = await planner.ask(question);
    if (!answer.reading.ok) throw new Error(`${question}: ${answer.reading.reason}`);
    expect(answer.rows.map((r) => r.name ?? Object.values(r)[0]), `${question} (${key})\n${answer.cypher}`).toEqual([sorted[0]!.name]);
    expect(plural).toBeTruthy();
  });
});
