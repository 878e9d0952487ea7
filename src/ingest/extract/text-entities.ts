import { displayName } from '../names.js';
import type { DocumentFacts, EntityFact, Evidence, RelationFact } from '../types.js';
import { MAX_EVIDENCE, SNIPPET_CHARS, snippetOf } from './facts-builder.js';
import type { Mention } from './text-mentions.js';
import { isOrgWord, type CandidateLabel } from './text-nlp.js';
import type { PatternHit } from './text-patterns.js';

/**
 * A document's mentions and pattern hits as facts: one entity per normalized name (a name is
 * one thing within a document; its label is the one most mentions carry, a pattern's counting
 * double), one relation per (from, type, to).
 *
 * Weak mentions (a capitalized word at a sentence's start) count only for a name found
 * elsewhere or read by a pattern. A lone first name or surname of a person is folded into the
 * one full name of the document that has it ("Kim" into "Alex Kim"), never when two could be
 * meant: the resolver's rule, applied here so the facts already say so (`aliases`).
 * Single mentions are kept: whether they are noise depends on the graph (the resolver decides).
 */

/** Confidence of a pattern's relation, and of an entity that takes part in one. */
export const PATTERN_CONFIDENCE = 0.9;

interface Group {
  key: string;
  mentions: Mention[];
  label: CandidateLabel;
  anchored: boolean;
  aliases: Set<string>;
}

export function buildFacts(options: { mentions: Mention[]; hits: PatternHit[] }): DocumentFacts {
  const { hits } = options;
  const mentions = [...options.mentions].sort((a, b) => a.start - b.start);
  const implied = new Map<Mention, CandidateLabel>();
  for (const hit of hits) {
    if (hit.fromLabel) implied.set(hit.from, hit.fromLabel);
    if (hit.toLabel) implied.set(hit.to, hit.toLabel);
  }
  const related = new Set(hits.flatMap((h) => [h.from, h.to]));

  const groups = new Map<string, Group>();
  for (const m of mentions) {
    const group = groups.get(m.key) ?? { key: m.key, mentions: [], label: 'Thing', anchored: false, aliases: new Set<string>() };
    group.mentions.push(m);
    group.anchored ||= !m.weak || related.has(m);
    groups.set(m.key, group);
  }
  for (const group of groups.values()) group.label = labelOf(group, implied);

  const owner = foldShortNames([...groups.values()]);
  const members = new Map<Group, Group[]>();
  const refOf = new Map<Mention, string>();
  for (const group of groups.values()) {
    const into = owner.get(group) ?? group;
    if (!into.anchored) continue;
    if (into !== group) into.aliases.add(nameOf(group));
    const folded = members.get(into) ?? [];
    folded.push(group);
    members.set(into, folded);
    for (const m of group.mentions) refOf.set(m, `t:${into.label.toLowerCase()}:${into.key}`);
  }
  const relatedRefs = new Set([...related].map((m) => refOf.get(m)));
  const entities: EntityFact[] = [];
  for (const [group, folded] of members) {
    const all = folded.flatMap((g) => g.mentions).sort((a, b) => a.start - b.start);
    const ref = `t:${group.label.toLowerCase()}:${group.key}`;
    const confidence = relatedRefs.has(ref) ? PATTERN_CONFIDENCE : Math.min(0.9, 0.5 + 0.1 * (all.length - 1));
    entities.push({
      ref,
      labels: [group.label],
      name: nameOf(group),
      ...(group.aliases.size > 0 ? { aliases: [...group.aliases] } : {}),
      properties: {},
      mentions: all.length,
      evidence: all.slice(0, MAX_EVIDENCE).map((m) => evidenceOf({ mention: m, start: m.start, end: m.end, extractor: 'nlp', confidence })),
    });
  }
  return { entities, relations: relationsOf(hits, refOf), warnings: [] };
}

/** The label most of a name's mentions carry (one a pattern implies counts double), or `Thing`; a name ending in an organization word is one. */
function labelOf(group: Group, implied: Map<Mention, CandidateLabel>): CandidateLabel {
  const votes = new Map<CandidateLabel, number>();
  for (const m of group.mentions) {
    // A pattern knows better than compromise ("Hollins Garden Supplies, based in ..." is no place).
    const label = implied.get(m) ?? m.label;
    if (label === 'Thing' || (m.weak && !implied.has(m))) continue;
    votes.set(label, (votes.get(label) ?? 0) + (implied.has(m) ? 2 : 1));
  }
  let best: CandidateLabel = 'Thing';
  for (const [label, count] of votes) if (count > (votes.get(best) ?? 0)) best = label;
  const words = group.key.split(' ');
  if ((best === 'Thing' || best === 'Place') && words.length > 1 && isOrgWord(words.at(-1)!)) return 'Organization';
  return best;
}

/** Single-word Person or untyped names that are the first or last word of exactly one longer such name. */
function foldShortNames(groups: Group[]): Map<Group, Group> {
  const foldable = (g: Group) => g.label === 'Person' || g.label === 'Thing';
  const byWord = new Map<string, Group[]>();
  for (const g of groups) {
    const words = g.key.split(' ');
    if (!g.anchored || words.length < 2 || !foldable(g)) continue;
    for (const w of new Set([words[0]!, words.at(-1)!])) byWord.set(w, [...(byWord.get(w) ?? []), g]);
  }
  const owner = new Map<Group, Group>();
  for (const g of groups) {
    if (g.key.includes(' ') || !foldable(g)) continue;
    const owners = byWord.get(g.key) ?? [];
    if (owners.length === 1) owner.set(g, owners[0]!);
  }
  return owner;
}

/** The surface form written most often (as people write it: no honorific, no possessive). */
function nameOf(group: Group): string {
  const strong = group.mentions.filter((m) => !m.weak);
  const counts = new Map<string, number>();
  for (const m of strong.length > 0 ? strong : group.mentions) counts.set(displayName(m.surface), (counts.get(displayName(m.surface)) ?? 0) + 1);
  let best = '';
  for (const [name, count] of counts) if (count > (counts.get(best) ?? 0)) best = name;
  return best;
}

function relationsOf(hits: PatternHit[], refOf: Map<Mention, string>): RelationFact[] {
  const relations = new Map<string, RelationFact>();
  for (const hit of hits) {
    const from = refOf.get(hit.from);
    const to = refOf.get(hit.to);
    if (!from || !to || from === to) continue;
    const id = `${from}\u0000${hit.type}\u0000${to}`;
    const evidence = evidenceOf({ mention: hit.site, start: hit.start, end: hit.end, extractor: 'pattern', confidence: PATTERN_CONFIDENCE });
    const seen = relations.get(id);
    if (!seen) {
      relations.set(id, { from, type: hit.type, to, properties: { ...(hit.role ? { role: hit.role } : {}), ...(hit.since !== undefined ? { since: hit.since } : {}) }, evidence: [evidence] });
    } else if (seen.evidence.length < MAX_EVIDENCE && !seen.evidence.some((e) => e.start === evidence.start)) {
      seen.evidence.push(evidence);
      if (hit.role && seen.properties['role'] === undefined) seen.properties['role'] = hit.role;
      if (hit.since !== undefined && seen.properties['since'] === undefined) seen.properties['since'] = hit.since;
    }
  }
  return [...relations.values()];
}

/** Evidence at [start, end) of the full text, with the mention's sentence (or ~200 characters of it) as snippet. */
function evidenceOf(options: { mention: Mention; start: number; end: number; extractor: 'nlp' | 'pattern'; confidence: number }): Evidence {
  const { mention, start, end, extractor, confidence } = options;
  const { chunk } = mention;
  const sentence = chunk.text.slice(mention.sentence.start, mention.sentence.end);
  const snippet =
    sentence.length <= SNIPPET_CHARS
      ? sentence.replace(/\s+/g, ' ').trim()
      : snippetOf(sentence, start - chunk.start - mention.sentence.start, end - chunk.start - mention.sentence.start);
  return { chunk: chunk.index, ...(chunk.page === undefined ? {} : { page: chunk.page }), start, end, snippet, extractor, confidence };
}
