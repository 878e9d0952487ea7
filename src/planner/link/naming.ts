import { ENTITY_LABEL, isNameKey } from '../../stores/graph/bookkeeping.js';
import type { GraphSchema } from '../../stores/graph/port.js';
import type { PropertyProfile } from './value-profile.js';
import { labelNameKey, nameLikeKey } from './vocabulary.js';
import { identifierWords } from '../read/words.js';

/** The naming property of each label. */
export type NamingKeys = ReadonlyMap<string, string>;

/**
 * The property that names each label's things: what name search looks in and what answers
 * show. In order: the deployment's choice (GRAPH_NAME_PROPERTIES); a name-like key
 * (`labelNameKey`: `name`, `title`, the label's own `vesselName`, …); else, read from the
 * values, the text property whose sampled values never repeat (a name, not a category or a
 * date); else the first key.
 */
export function namingKeys(schema: GraphSchema, profiles: readonly PropertyProfile[], overrides: Readonly<Record<string, string>> = {}): NamingKeys {
  const keys = new Map<string, string>();
  for (const l of schema.labels) {
    if (l.label === ENTITY_LABEL) continue;
    const chosen = overrides[l.label];
    if (chosen && l.properties.includes(chosen)) {
      keys.set(l.label, chosen);
      continue;
    }
    const nameLike = nameLikeKey(l.label, l.properties);
    keys.set(l.label, (nameLike && !namesAnother(l.label, nameLike, profiles) ? nameLike : undefined) ?? byValues(l.label, profiles) ?? nameLike ?? labelNameKey(l.label, l.properties));
  }
  return keys;
}

/**
 * A compound name of other words whose values repeat (`sender_org_name` on parcels, `bank_name` on
 * transfers) names a related thing, not each of these: many parcels show one sender's name. The
 * thing's own `name` or `title`, or a compound of its label's words, is always its name.
 */
function namesAnother(label: string, key: string, profiles: readonly PropertyProfile[]): boolean {
  if (key === 'name' || key === 'title') return false;
  const labelWords = new Set(identifierWords(label));
  if (identifierWords(key).slice(0, -1).some((w) => labelWords.has(w))) return false;
  const profile = profiles.find((p) => p.ownerKind === 'label' && p.owner === label && p.key === key);
  return profile !== undefined && profile.count > 0 && !profile.unique && profile.distinct * 2 <= profile.count;
}

/** Longest value a name read from the values may have: longer text describes a thing rather than names it. */
export const NAME_VALUE_MAX_CHARS = 80;

/** The text property of `label` whose values, as profiled, each name one thing (the one with the longest values, as a code is shorter than a name; then by key). */
function byValues(label: string, profiles: readonly PropertyProfile[]): string | undefined {
  return profiles
    .filter((p) => p.ownerKind === 'label' && p.owner === label && p.kind === 'text' && p.unique && p.distinct >= 2 && p.longest <= NAME_VALUE_MAX_CHARS)
    .sort((a, b) => b.longest - a.longest || a.key.localeCompare(b.key))[0]?.key;
}

/** What name search should index per label: its naming property and every other name-like key it has. */
export function nameIndexKeys(schema: GraphSchema, nameKeys: NamingKeys): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const l of schema.labels) {
    const naming = nameKeys.get(l.label);
    if (!naming) continue;
    out.set(l.label, [...new Set([naming, ...l.properties.filter(isNameKey)])].filter((k) => l.properties.includes(k)));
  }
  return out;
}
