import { normalizeName } from '../names.js';
import type { Chunk, DocumentFacts, EntityFact, Evidence, RelationFact } from '../types.js';
import { MAX_EVIDENCE, snippetOf } from './facts-builder.js';
import type { AnswerEntity, AnswerRelation } from './model-schema.js';

/**
 * A model's answers as facts. A name counts only where it is written in the chunk (that is its
 * evidence; a name the text does not hold is dropped), each place in the full text once
 * although chunks overlap. Facts of all chunks merge by label and normalized name.
 */

/** Confidence of a model's fact. */
export const MODEL_CONFIDENCE = 0.8;
/** Places of one name read per chunk. */
const MAX_PLACES = 50;

export interface FactsPart {
  entities: EntityFact[];
  relations: RelationFact[];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Where `name` is written in `text` (any case, any spacing, whole words): [start, end) pairs. */
function placesOf(text: string, name: string): [number, number][] {
  const words = name.split(/\s+/).filter((w) => w.length > 0).map(escape);
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${words.join('\\s+')}(?![\\p{L}\\p{N}])`, 'giu');
  const places: [number, number][] = [];
  for (const match of text.matchAll(pattern)) {
    places.push([match.index, match.index + match[0].length]);
    if (places.length >= MAX_PLACES) break;
  }
  return places;
}

function evidenceAt(chunk: Chunk, start: number, end: number): Evidence {
  return {
    chunk: chunk.index,
    ...(chunk.page === undefined ? {} : { page: chunk.page }),
    start: chunk.start + start,
    end: chunk.start + end,
    snippet: snippetOf(chunk.text, start, end),
    extractor: 'model',
    confidence: MODEL_CONFIDENCE,
  };
}

/**
 * One chunk's answer as facts. `counted` holds the places already counted by earlier chunks
 * (label, name and offset), so the overlap between neighbours is not counted twice.
 */
export function groundAnswer(options: { chunk: Chunk; entities: AnswerEntity[]; relations: AnswerRelation[]; counted: Set<string> }): FactsPart & { ungrounded: number } {
  const { chunk, counted } = options;
  const found = new Map<AnswerEntity, { fact: EntityFact; first: [number, number] }>();
  let ungrounded = 0;
  for (const entity of options.entities) {
    const places = placesOf(chunk.text, entity.name);
    if (places.length === 0) {
      ungrounded++;
      continue;
    }
    const key = normalizeName(entity.name);
    const fresh = places.filter(([start]) => !counted.has(`${entity.label}\u0000${key}\u0000${chunk.start + start}`));
    for (const [start] of fresh) counted.add(`${entity.label}\u0000${key}\u0000${chunk.start + start}`);
    found.set(entity, {
      first: places[0]!,
      fact: {
        ref: `m:${entity.label.toLowerCase()}:${key}`,
        labels: [entity.label],
        name: entity.name,
        properties: {},
        mentions: fresh.length,
        evidence: fresh.slice(0, MAX_EVIDENCE).map(([start, end]) => evidenceAt(chunk, start, end)),
      },
    });
  }
  const relations: RelationFact[] = [];
  for (const relation of options.relations) {
    const from = found.get(relation.from);
    const to = found.get(relation.to);
    if (!from || !to) continue;
    const start = Math.min(from.first[0], to.first[0]);
    const end = Math.max(from.first[1], to.first[1]);
    relations.push({
      from: from.fact.ref,
      type: relation.type,
      to: to.fact.ref,
      properties: relation.role ? { role: relation.role } : {},
      evidence: [evidenceAt(chunk, start, end)],
    });
  }
  return { entities: [...found.values()].map((f) => f.fact), relations, ungrounded };
}

/**
 * The no-model facts that stand for the chunks in `chunks` (whose model answer was unusable),
 * and every fact read from the file's structure (Markdown front matter and links): a model
 * reads free text only, so those are kept as they are.
 */
export function baseFactsFor(options: { baseFacts: DocumentFacts; chunks: Set<number> }): FactsPart {
  const { baseFacts, chunks } = options;
  const structured = (e: Evidence) => !['nlp', 'pattern', 'model'].includes(e.extractor);
  const keeps = (evidence: Evidence[]) => evidence.some((e) => structured(e) || chunks.has(e.chunk));
  const entities = baseFacts.entities.filter((e) => keeps(e.evidence) || e.evidence.length === 0).map((e) => {
    if (e.evidence.some(structured) || e.evidence.every((ev) => chunks.has(ev.chunk))) return e;
    // Seen in other chunks too: those are the model's; what these chunks hold is what counts here.
    const here = e.evidence.filter((ev) => chunks.has(ev.chunk));
    return { ...e, mentions: Math.max(1, here.length), evidence: here };
  });
  const refs = new Set(entities.map((e) => e.ref));
  const relations = baseFacts.relations.filter((r) => keeps(r.evidence) && refs.has(r.from) && refs.has(r.to));
  return { entities, relations };
}

/** Parts merged: one entity per main label and normalized name (mentions summed, evidence joined), one relation per (from, type, to). */
export function mergeParts(parts: FactsPart[]): FactsPart {
  const entities = new Map<string, EntityFact>();
  const relations = new Map<string, RelationFact>();
  for (const part of parts) {
    const renamed = new Map<string, string>();
    for (const e of part.entities) {
      const id = `${e.labels[0] ?? ''}\u0000${normalizeName(e.name)}`;
      const seen = entities.get(id);
      if (!seen) {
        entities.set(id, { ...e, evidence: [...e.evidence] });
        renamed.set(e.ref, e.ref);
        continue;
      }
      renamed.set(e.ref, seen.ref);
      seen.mentions += e.mentions;
      seen.evidence = [...seen.evidence, ...e.evidence.filter((ev) => !seen.evidence.some((s) => s.start === ev.start && s.end === ev.end))].slice(0, MAX_EVIDENCE);
      seen.properties = { ...e.properties, ...seen.properties };
      seen.key ??= e.key;
      if (e.aliases?.length) seen.aliases = [...new Set([...(seen.aliases ?? []), ...e.aliases])];
      if (seen.reference && !e.reference) seen.reference = false;
    }
    for (const r of part.relations) {
      const from = renamed.get(r.from);
      const to = renamed.get(r.to);
      if (!from || !to || from === to) continue;
      const id = `${from}\u0000${r.type}\u0000${to}`;
      const seen = relations.get(id);
      if (!seen) relations.set(id, { ...r, from, to, evidence: [...r.evidence] });
      else {
        seen.properties = { ...r.properties, ...seen.properties };
        seen.evidence = [...seen.evidence, ...r.evidence].slice(0, MAX_EVIDENCE);
      }
    }
  }
  return { entities: [...entities.values()], relations: [...relations.values()] };
}
