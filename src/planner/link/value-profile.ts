import type { GraphSchema, GraphStore } from '../../stores/graph/port.js';
import { ENTITY_LABEL, isNameKey } from '../../stores/graph/bookkeeping.js';
import { cypherName } from '../../cypher/text.js';

/**
 * What the graph's property values look like, read from the graph itself: the kind of each
 * property of each label and relationship type (number, boolean, ISO date text, other text,
 * list), and for properties whose values recur (countries, cities, statuses, roles, flags)
 * those values, so a question's words can be found among them ("customers in Germany",
 * "Which accounts are active?", "the CEO of …").
 */

export type ValueKind = 'number' | 'boolean' | 'date' | 'text' | 'list' | 'mixed';

export interface PropertyProfile {
  /** The label or relationship type the property is on. */
  owner: string;
  ownerKind: 'label' | 'relationship';
  key: string;
  kind: ValueKind;
  /** Things holding a value, among those read. */
  count: number;
  /** Distinct values among those read (at most VALUES_READ + 1). */
  distinct: number;
  /** No value read occurs twice (a name or an id, not a category). */
  unique: boolean;
  /** The longest text value read, in characters (0 for other kinds). */
  longest: number;
  /** The recurring values (text and list items), when there are few enough to be categories. */
  values: { value: string; count: number }[];
}

/** Things read per property (a sample on a large graph). */
export const PROFILE_SAMPLE = 5000;
/** Most distinct values a property may have to count as categories. */
export const CATEGORY_VALUES_MAX = 60;
/** Most properties profiled, so a wide schema cannot make the first question slow. */
export const PROFILE_PROPERTIES_MAX = 300;
/** Profile reads in flight at once. */
export const PROFILE_READS_AT_ONCE = 8;

const ISO_DATE = /^\d{4}-\d{2}(-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?)?$/;

function kindOf(values: unknown[]): ValueKind {
  const kinds = new Set(
    values.map((v) => (typeof v === 'number' ? 'number' : typeof v === 'boolean' ? 'boolean' : Array.isArray(v) ? 'list' : typeof v === 'string' ? (ISO_DATE.test(v) ? 'date' : 'text') : 'mixed')),
  );
  if (kinds.size === 1) return [...kinds][0] as ValueKind;
  if (kinds.size === 2 && kinds.has('date') && kinds.has('text')) return 'text';
  return 'mixed';
}

export async function profileValues(graph: GraphStore, schema: GraphSchema): Promise<PropertyProfile[]> {
  const targets: { owner: string; ownerKind: 'label' | 'relationship'; key: string }[] = [
    ...schema.labels.filter((l) => l.label !== ENTITY_LABEL).flatMap((l) => l.properties.map((key) => ({ owner: l.label, ownerKind: 'label' as const, key }))),
    ...schema.relationshipTypes.flatMap((t) => t.properties.map((key) => ({ owner: t.type, ownerKind: 'relationship' as const, key }))),
  ].slice(0, PROFILE_PROPERTIES_MAX);
  // A few reads at a time: one after the other, a server's round trips add up on the first question.
  const profiles: PropertyProfile[] = [];
  for (let at = 0; at < targets.length; at += PROFILE_READS_AT_ONCE) {
    profiles.push(...(await Promise.all(targets.slice(at, at + PROFILE_READS_AT_ONCE).map((target) => profileOne(graph, target)))));
  }
  return profiles;
}

async function profileOne(graph: GraphStore, target: { owner: string; ownerKind: 'label' | 'relationship'; key: string }): Promise<PropertyProfile> {
  const p = cypherName(target.key);
  const pattern = target.ownerKind === 'label' ? `(x:${cypherName(target.owner)})` : `()-[x:${cypherName(target.owner)}]->()`;
  const { rows } = await graph.runReadOnly(
    `MATCH ${pattern} WHERE x.${p} IS NOT NULL WITH x.${p} AS v LIMIT ${PROFILE_SAMPLE} RETURN v, count(*) AS c ORDER BY c DESC LIMIT ${CATEGORY_VALUES_MAX + 1}`,
    {},
    { maxRows: CATEGORY_VALUES_MAX + 1 },
  );
  const kind = kindOf(rows.map((r) => r.v));
  const count = rows.reduce((n, r) => n + Number(r.c), 0);
  const items = new Map<string, number>();
  for (const r of rows) {
    for (const v of Array.isArray(r.v) ? r.v : [r.v]) {
      if (typeof v === 'string' && v.trim() && v.length <= 80) items.set(v, (items.get(v) ?? 0) + Number(r.c));
    }
  }
  // Names are found by name search; text that rarely repeats is not a category.
  const categorical =
    (kind === 'text' || kind === 'list') && !isNameKey(target.key) && rows.length <= CATEGORY_VALUES_MAX && (rows.length <= 12 || rows.length * 2 <= count);
  return {
    ...target,
    kind,
    count,
    distinct: rows.length,
    unique: rows.length > 0 && Number(rows[0]!.c) === 1,
    longest: Math.max(0, ...rows.map((r) => (typeof r.v === 'string' ? r.v.length : 0))),
    values: categorical ? [...items].map(([value, n]) => ({ value, count: n })) : [],
  };
}
