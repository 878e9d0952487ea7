import type { PropertyValue } from '../../stores/graph/port.js';
import type { DocumentFacts, EntityFact, Evidence, RelationFact } from '../types.js';

/**
 * Collects entities and relations while an extractor walks a document: one entity per ref
 * (a later sighting adds its evidence and properties), one relation per (from, type, to).
 */

/** Evidence kept per entity or relation: enough to show where, without copying the document. */
export const MAX_EVIDENCE = 5;
/** Characters of a snippet. */
export const SNIPPET_CHARS = 200;

export class FactsBuilder {
  private readonly entities = new Map<string, EntityFact>();
  private readonly relations = new Map<string, RelationFact>();
  readonly warnings: string[] = [];

  entity(fact: EntityFact): EntityFact {
    const seen = this.entities.get(fact.ref);
    if (!seen) {
      const copy = { ...fact, evidence: fact.evidence.slice(0, MAX_EVIDENCE) };
      this.entities.set(fact.ref, copy);
      return copy;
    }
    seen.mentions += fact.mentions;
    seen.properties = { ...seen.properties, ...fact.properties };
    // What the file says of a thing outweighs a bare reference to it.
    if (seen.reference && !fact.reference) {
      seen.reference = false;
      seen.labels = fact.labels;
      seen.name = fact.name;
      seen.key = fact.key ?? seen.key;
    }
    if (fact.aliases?.length) seen.aliases = [...new Set([...(seen.aliases ?? []), ...fact.aliases])];
    seen.evidence = [...seen.evidence, ...fact.evidence].slice(0, MAX_EVIDENCE);
    return seen;
  }

  has(ref: string): boolean {
    return this.entities.has(ref);
  }

  relation(from: string, type: string, to: string, evidence: Evidence, properties: Record<string, PropertyValue> = {}): void {
    const id = `${from}\u0000${type}\u0000${to}`;
    const seen = this.relations.get(id);
    if (seen) {
      seen.properties = { ...seen.properties, ...properties };
      if (seen.evidence.length < MAX_EVIDENCE) seen.evidence.push(evidence);
      return;
    }
    this.relations.set(id, { from, type, to, properties, evidence: [evidence] });
  }

  finish(): DocumentFacts {
    return { entities: [...this.entities.values()], relations: [...this.relations.values()], warnings: this.warnings };
  }
}

/** A short excerpt of `text` around [start, end). */
export function snippetOf(text: string, start: number, end: number): string {
  const room = Math.max(0, SNIPPET_CHARS - (end - start));
  const from = Math.max(0, start - Math.floor(room / 2));
  return text.slice(from, Math.min(text.length, Math.max(end, from + SNIPPET_CHARS))).replace(/\s+/g, ' ').trim().slice(0, SNIPPET_CHARS);
}

/** A value as a graph property: scalars as they are, lists of one scalar type, anything else as JSON text. */
export function propertyValue(value: unknown): PropertyValue | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return value.length > 0 ? value : undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'boolean') return value;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString().slice(0, 10);
  if (Array.isArray(value)) {
    const items = value.filter((v) => v !== null && v !== undefined && typeof v !== 'object');
    if (items.length === 0) return undefined;
    const types = new Set(items.map((v) => typeof v));
    return (types.size === 1 ? items : items.map(String)) as PropertyValue;
  }
  return undefined;
}
