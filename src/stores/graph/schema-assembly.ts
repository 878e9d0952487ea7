import { BOOKKEEPING_PROPERTIES, ENTITY_LABEL } from './bookkeeping.js';
import type { GraphSchema } from './port.js';

/**
 * Builds the introspection answer from what each engine can tell, so both give the same
 * shape: sorted names, labels without nodes left out (an engine may keep a label in its
 * catalog after a rolled-back write), bookkeeping properties hidden, and relationship
 * patterns named by the entities' own labels (the bookkeeping label every upserted node has
 * is not listed, and only names an endpoint that has no other label).
 */

export interface RawSchema {
  labelCounts: Map<string, number>;
  relationshipCounts: Map<string, number>;
  /** One entry per (type, start labels, end labels) seen; a label list may be a single label. */
  patterns: { type: string; from: string[]; to: string[] }[];
  labelProperties: { label: string; key: string }[];
  relationshipProperties: { type: string; key: string }[];
}

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const visible = (key: string) => !BOOKKEEPING_PROPERTIES.has(key);
const ownLabels = (labels: string[]) => {
  const own = labels.filter((l) => l !== ENTITY_LABEL);
  return own.length > 0 ? own : labels;
};

export function assembleSchema(raw: RawSchema): GraphSchema {
  const propsOf = (pairs: { name: string; key: string }[]) => {
    const map = new Map<string, Set<string>>();
    for (const { name, key } of pairs) {
      if (!visible(key)) continue;
      const set = map.get(name) ?? new Set<string>();
      set.add(key);
      map.set(name, set);
    }
    return map;
  };
  const labelProps = propsOf(raw.labelProperties.map((p) => ({ name: p.label, key: p.key })));
  const relProps = propsOf(raw.relationshipProperties.map((p) => ({ name: p.type, key: p.key })));

  const patterns = new Map<string, Map<string, { from: string; to: string }>>();
  for (const p of raw.patterns) {
    const set = patterns.get(p.type) ?? new Map<string, { from: string; to: string }>();
    for (const from of ownLabels(p.from)) for (const to of ownLabels(p.to)) set.set(`${from}\u0000${to}`, { from, to });
    patterns.set(p.type, set);
  }

  // The bookkeeping label is the store's, not the graph's: a graph's own labels are all there is to know.
  const labels = [...raw.labelCounts]
    .filter(([label, count]) => count > 0 && label !== ENTITY_LABEL)
    .sort(([a], [b]) => byName(a, b))
    .map(([label, count]) => ({ label, count, properties: [...(labelProps.get(label) ?? [])].sort(byName) }));

  const relationshipTypes = [...raw.relationshipCounts]
    .filter(([, count]) => count > 0)
    .sort(([a], [b]) => byName(a, b))
    .map(([type, count]) => {
      let pairs = [...(patterns.get(type)?.values() ?? [])];
      // Engines that only report single-label pairs also report the `Entity` ones: keep them only if nothing else names the type.
      const specific = pairs.filter((p) => p.from !== ENTITY_LABEL && p.to !== ENTITY_LABEL);
      if (specific.length > 0) pairs = specific;
      pairs.sort((a, b) => byName(a.from, b.from) || byName(a.to, b.to));
      return { type, count, patterns: pairs, properties: [...(relProps.get(type) ?? [])].sort(byName) };
    });

  // Keys seen on nodes and relationships, not the engine's catalog (which keeps keys nothing uses any more).
  const propertyKeys = [...new Set([...labelProps.values(), ...relProps.values()].flatMap((set) => [...set]))].sort(byName);
  return { labels, relationshipTypes, propertyKeys };
}
