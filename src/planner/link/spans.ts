import { END_WORDS, START_WORDS } from '../read/cues.js';
import type { Meaning } from '../meaning.js';

/**
 * The time between two dates of one thing, as a value of its own: a loan's `startDate` and
 * `endDate` give it a duration ("the longest loans", "loans with a duration over 30 days"), which
 * no property holds. One per label: the pair of dates named alike but for their start and end
 * words (`startDate`/`endDate`, `opened_on`/`closed_on`), the plainest names first; none where a property
 * already says a length.
 */

/** A property as the lexicon has it, as far as a span needs it (lexicon.ts builds them; a span is one too). */
interface DatedProperty {
  owner: string;
  ownerKind: 'label' | 'relationship';
  key: string;
  words: string[];
  kind: string;
  span?: { from: string; to: string };
}

/** What a duration is said with. */
const SPAN_FORMS = [['duration'], ['length'], ['span'], ['time', 'span']];

/** The key a span is known by in a meaning and its rows, as the answer says it ("duration from start date to end date"), counted in days. */
const spanKey = (from: string, to: string) => `duration from ${from} to ${to}`;

export function spanProperties(properties: DatedProperty[]) {
  const byLabel = new Map<string, DatedProperty[]>();
  for (const p of properties) if (p.ownerKind === 'label') byLabel.set(p.owner, [...(byLabel.get(p.owner) ?? []), p]);
  const spans: (DatedProperty & { forms: string[][]; values: never[]; kind: 'number' })[] = [];
  for (const [label, own] of byLabel) {
    if (own.some((p) => p.words.some((w) => w === 'duration' || w === 'length'))) continue;
    const dates = own.filter((p) => p.kind === 'date');
    const rest = (p: DatedProperty, words: RegExp) => p.words.filter((w) => !words.test(w)).join(' ');
    const pairs = dates.flatMap((from) =>
      from.words.some((w) => START_WORDS.test(w))
        ? dates.filter((to) => to !== from && to.words.some((w) => END_WORDS.test(w)) && rest(to, END_WORDS) === rest(from, START_WORDS)).map((to) => ({ from, to }))
        : [],
    );
    const plainest = pairs.sort((a, b) => a.from.words.length + a.to.words.length - (b.from.words.length + b.to.words.length) || a.from.key.localeCompare(b.from.key))[0];
    if (!plainest) continue;
    const { from, to } = plainest;
    spans.push({ owner: label, ownerKind: 'label', key: spanKey(from.key, to.key), words: ['duration'], forms: SPAN_FORMS, kind: 'number', values: [], span: { from: from.key, to: to.key } });
  }
  return spans;
}

/** Every `key` a meaning holds (its conditions, what it asks, its order): where a span may be used. */
function keysIn(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keysIn(v, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === 'key' && typeof v === 'string') out.add(v);
      else keysIn(v, out);
    }
  }
  return out;
}

/** The meaning with each node told which of the keys it uses are spans of its label, so the Cypher builder writes them out. */
export function withSpans(meaning: Meaning, properties: readonly Pick<DatedProperty, 'owner' | 'key' | 'span'>[]): Meaning {
  const spans = properties.filter((p) => p.span);
  if (spans.length === 0) return meaning;
  const used = keysIn(meaning);
  let changed = false;
  const nodes = meaning.nodes.map((n) => {
    const own = spans.filter((p) => p.owner === n.label && used.has(p.key));
    if (own.length === 0) return n;
    changed = true;
    return { ...n, spans: Object.fromEntries(own.map((p) => [p.key, p.span!])) };
  });
  return changed ? { ...meaning, nodes } : meaning;
}
