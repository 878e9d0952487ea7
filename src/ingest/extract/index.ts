import { compatibleLabels, normalizeName } from '../names.js';
import { labelKinds } from '../../language/label-kinds.js';
import type { Chunk, DocumentFacts, EntityFact, ExtractedDocument, IngestLimits, Progress } from '../types.js';
import { extractCsv } from './structured-csv.js';
import { extractJson } from './structured-json.js';
import { extractMarkdown } from './structured-markdown.js';
import { extractFromText } from './text.js';

/**
 * A document's facts, before anything is linked to the graph: structured formats exactly
 * (CSV, JSON, Markdown front matter and links), free text through NLP and a few patterns
 * (Markdown's body too). Pure (WordNet is read for the kinds of labels): it runs in the parser's
 * capped child process.
 */

export async function extractFacts(options: {
  document: ExtractedDocument;
  chunks: Chunk[];
  limits: IngestLimits;
  /** The document's file name: a CSV's rows are labelled after it when they have no type column. */
  sourceName?: string;
  onProgress?: (progress: Progress) => void;
}): Promise<DocumentFacts> {
  const { document, chunks, limits, sourceName } = options;
  const progress = (unit: string) => (done: number, total: number) => options.onProgress?.({ stage: 'extracting_entities', done, total, unit });
  let facts: DocumentFacts;
  switch (document.format) {
    case 'csv':
      facts = extractCsv({ document, sourceName, onProgress: progress('rows') });
      break;
    case 'json':
    case 'jsonl':
    case 'jsonld':
      facts = extractJson({ document, onProgress: progress('records') });
      break;
    case 'markdown':
      facts = await mergeFacts(extractMarkdown({ document, sourceName }), extractFromText({ chunks, onProgress: progress('chunks') }));
      break;
    default:
      facts = extractFromText({ chunks, onProgress: progress('chunks') });
  }
  return capEntities(facts, limits.maxEntities);
}

/**
 * `secondary`'s entities that name one of `primary`'s (same normalized name, compatible label)
 * become that one; the rest are added. Structured facts are `primary`: they know the label and key.
 */
export async function mergeFacts(primary: DocumentFacts, secondary: DocumentFacts): Promise<DocumentFacts> {
  const kinds = await labelKinds([...primary.entities, ...secondary.entities].flatMap((e) => e.labels));
  const byName = new Map<string, EntityFact[]>();
  for (const e of primary.entities) byName.set(normalizeName(e.name), [...(byName.get(normalizeName(e.name)) ?? []), e]);
  const renamed = new Map<string, string>();
  const entities = [...primary.entities];
  for (const e of secondary.entities) {
    const same = (byName.get(normalizeName(e.name)) ?? []).find((p) => compatibleLabels(p.labels, e.labels, kinds));
    if (!same) {
      entities.push(e);
      continue;
    }
    renamed.set(e.ref, same.ref);
    same.mentions += e.mentions;
    same.evidence = [...same.evidence, ...e.evidence].slice(0, 10);
    if (same.reference && !e.reference) {
      same.reference = false;
      if (same.labels.includes('Thing')) same.labels = e.labels;
    }
  }
  const relations = [...primary.relations, ...secondary.relations.map((r) => ({ ...r, from: renamed.get(r.from) ?? r.from, to: renamed.get(r.to) ?? r.to }))];
  return { entities, relations, warnings: [...primary.warnings, ...secondary.warnings] };
}

/** At most `max` entities, the best supported first; relations to the dropped go too. */
export function capEntities(facts: DocumentFacts, max: number): DocumentFacts {
  if (facts.entities.length <= max) return facts;
  const related = new Set(facts.relations.flatMap((r) => [r.from, r.to]));
  const score = (e: EntityFact) => (e.reference ? 0 : 2) + (related.has(e.ref) ? 1 : 0) + Math.min(e.mentions, 100) / 100;
  const kept = [...facts.entities].sort((a, b) => score(b) - score(a)).slice(0, max);
  const refs = new Set(kept.map((e) => e.ref));
  return {
    entities: kept,
    relations: facts.relations.filter((r) => refs.has(r.from) && refs.has(r.to)),
    warnings: [...facts.warnings, `${facts.entities.length - max} of ${facts.entities.length} entities were left out (INGEST_MAX_ENTITIES is ${max}).`],
  };
}
