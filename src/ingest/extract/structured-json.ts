import type { DocumentFacts, ExtractedDocument, Evidence } from '../types.js';
import { linkTypeOf } from './text-patterns.js';
import { labelOf, propertyNameOf, slug } from '../names.js';
import { FactsBuilder, propertyValue } from './facts-builder.js';

/**
 * JSON, JSON Lines and JSON-LD, exactly: every object with an id (`@id`, `id`, `key`) is a node,
 * labelled by its `@type`/`type`/`label` (the last part of an IRI), its scalar fields (and lists
 * of scalars) typed properties; an object with an id nested under a property is a relationship
 * named after that property (in a list, one per item), as is a bare reference (`{"@id": …}` or a
 * string naming another object's id). Objects without an id are looked through for ones that
 * have one (`@graph`, wrappers); their own fields are not facts. Nothing remote is ever fetched.
 */

const ID_KEYS = ['@id', 'id', 'key'];
const TYPE_KEYS = ['@type', 'type', 'label'];
const SKIPPED = new Set(['@context', '@graph', '@id', '@type', 'id', 'key', 'type', 'label']);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (v: Json | undefined): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const idOf = (o: JsonObject) => ID_KEYS.map((k) => o[k]).find((v): v is string | number => typeof v === 'string' || typeof v === 'number');

/** "schema:Person", "https://schema.org/Person", ["Person", …] → "Person". */
function typeOf(o: JsonObject): string | undefined {
  for (const key of TYPE_KEYS) {
    const raw = o[key];
    const value = Array.isArray(raw) ? raw.find((v) => typeof v === 'string') : raw;
    if (typeof value === 'string') return labelOf(value.split(/[:/#]/).at(-1) ?? value);
  }
  return undefined;
}

/** A plain id names a node together with its label; an IRI names it alone. */
const keyOf = (id: string, label: string) => (/[:/]/.test(id) ? id : `${slug(label)}:${id}`);

export function extractJson(options: { document: ExtractedDocument; onProgress?: (done: number, total: number) => void }): DocumentFacts {
  const { document, onProgress } = options;
  const builder = new FactsBuilder();
  const values = (document.json ?? []) as Json[];
  const evidence = (path: string, value: Json): Evidence => ({
    chunk: -1,
    start: 0,
    end: 0,
    snippet: `${path}: ${JSON.stringify(value)}`.slice(0, 200),
    extractor: 'json',
    confidence: 1,
  });

  // First the objects with ids, wherever they are, so a string naming one can be told from a plain value.
  const labels = new Map<string, string>();
  const visit = (value: Json, fn: (o: JsonObject, path: string) => void, path: string, depth: number) => {
    if (depth > 64) return;
    if (Array.isArray(value)) value.forEach((v, i) => visit(v, fn, `${path}[${i}]`, depth + 1));
    else if (isObject(value)) {
      fn(value, path);
      for (const [k, v] of Object.entries(value)) if (k !== '@context') visit(v, fn, `${path}.${k}`, depth + 1);
    }
  };
  values.forEach((v, i) =>
    visit(v, (o) => {
      const id = idOf(o);
      if (id !== undefined && Object.keys(o).some((k) => !ID_KEYS.includes(k))) labels.set(String(id), typeOf(o) ?? labels.get(String(id)) ?? 'Thing');
    }, `$[${i}]`, 0),
  );
  const refOf = (id: string) => `json:${id}`;
  const ensureReference = (id: string, path: string, value: Json) => {
    if (!labels.has(id)) builder.entity({ ref: refOf(id), labels: ['Thing'], name: id, properties: {}, mentions: 1, reference: true, evidence: [evidence(path, value)] });
  };

  let seen = 0;
  values.forEach((root, i) =>
    visit(root, (o, path) => {
      const rawId = idOf(o);
      if (rawId === undefined || !Object.keys(o).some((k) => !ID_KEYS.includes(k))) return;
      const id = String(rawId);
      const label = labels.get(id) ?? 'Thing';
      const properties: Record<string, ReturnType<typeof propertyValue>> = {};
      for (const [field, value] of Object.entries(o)) {
        if (SKIPPED.has(field)) continue;
        const linked = (Array.isArray(value) ? value : [value]).flatMap((v) =>
          isObject(v) && idOf(v) !== undefined ? [String(idOf(v))] : typeof v === 'string' && labels.has(v) && v !== id ? [v] : [],
        );
        const type = linkTypeOf(field.replace(/^@/, ''));
        if (linked.length > 0 && type) {
          for (const target of linked) {
            ensureReference(target, `${path}.${field}`, value);
            builder.relation(refOf(id), type, refOf(target), evidence(`${path}.${field}`, value));
          }
          continue;
        }
        const name = propertyNameOf(field.replace(/^@/, ''));
        const typed = propertyValue(value);
        if (name && typed !== undefined) properties[name] = typed;
      }
      const name = typeof o.name === 'string' ? o.name : typeof o.title === 'string' ? o.title : id;
      delete properties.name;
      builder.entity({
        ref: refOf(id),
        labels: [label],
        name,
        key: keyOf(id, label),
        properties: Object.fromEntries(Object.entries(properties).filter(([, v]) => v !== undefined)) as Record<string, never>,
        mentions: 1,
        evidence: [evidence(path, o)],
      });
      if (++seen % 1000 === 0) onProgress?.(i, values.length);
    }, `$[${i}]`, 0),
  );
  onProgress?.(values.length, values.length);
  if (seen === 0 && values.length > 0) builder.warnings.push('No JSON object has an id (`@id`, `id` or `key`): nothing in it names a node.');
  return builder.finish();
}
