import type { GraphStore } from '../../stores/graph/port.js';
import { cypherName, cypherString } from './cypher-text.js';
import { cannot, entityNode, LIST_LIMIT, nameKeyOf } from './plan.js';
import type { Plan, PlanDescription, ResolvedEntity } from './plan.js';
import { unmappedWords } from './plan-constraints.js';
import { relationshipValue } from './resolve.js';
import type { RelationshipValue } from './resolve.js';
import type { Understanding } from './understand.js';
import { matchWords } from './vocabulary.js';
import type { Vocabulary, WordMatches } from './vocabulary.js';

/**
 * Values of a relationship's property in a question: "Who is the CEO of Saffron Works?" asks
 * for the people whose WORKS_AT to Saffron Works has the role "ceo"; "Which engineers work at
 * Mercury?" the same with "engineer". The words are looked up among the relationships' values
 * in the graph itself.
 */

/** The question's words that name nothing in the schema but are values of a relationship's property. */
export async function valuesAmongWords(understanding: Understanding, vocabulary: Vocabulary, entities: ResolvedEntity[], graph: GraphStore): Promise<RelationshipValue[]> {
  const words = unmappedWords(understanding, matchWords(vocabulary, understanding.words), entities);
  const found: RelationshipValue[] = [];
  for (const word of words.slice(0, 4)) {
    const value = await relationshipValue(graph, vocabulary, word);
    if (value) found.push(value);
  }
  return found;
}

export function planRelationshipValue(vocabulary: Vocabulary, matches: WordMatches, entities: ResolvedEntity[], value: RelationshipValue, kind: 'list' | 'count'): Plan {
  const rel = vocabulary.relationships.find((r) => r.type === value.type);
  if (!rel) return cannot(`the graph has no ${value.type} relationship`);
  const entity = entities[0];
  const labelWords = matches.labels.map((m) => m.entry.label);
  // The end the named thing is at, and the other end: what is listed (the label the question names, if it is one).
  const pattern =
    rel.patterns.find((p) => entity && (p.to === entity.label || p.from === entity.label) && (labelWords.length === 0 || labelWords.includes(p.to === entity.label ? p.from : p.to))) ??
    rel.patterns.find((p) => entity && (p.to === entity.label || p.from === entity.label)) ??
    (entity ? undefined : rel.patterns.find((p) => labelWords.length === 0 || labelWords.includes(p.from) || labelWords.includes(p.to)));
  if (!pattern) return cannot(`${entity ? `${entity.name} (${entity.label})` : 'nothing the question names'} takes no part in “${rel.phrase}”, which “${value.mention}” is a ${value.property} of`);
  const targetIsFrom = entity ? pattern.to === entity.label : !labelWords.includes(pattern.to) || labelWords.includes(pattern.from);
  const target = targetIsFrom ? pattern.from : pattern.to;
  const far = targetIsFrom ? pattern.to : pattern.from;
  const farNode = entity ? entityNode('e', entity) : { pattern: `(o:${cypherName(far)})`, where: [] as string[] };
  const arrow = targetIsFrom ? { left: '-', right: '->' } : { left: '<-', right: '-' };
  const p = cypherName(value.property);
  const where = [`toLower(toString(r.${p})) = ${cypherString(value.value.toLowerCase())}`, ...farNode.where];
  const match = `MATCH (t:${cypherName(target)})${arrow.left}[r:${cypherName(rel.type)}]${arrow.right}${farNode.pattern} WHERE ${where.join(' AND ')}`;
  const nameKey = nameKeyOf(vocabulary.labels.find((l) => l.label === target));
  const farName = entity ? undefined : nameKeyOf(vocabulary.labels.find((l) => l.label === far));
  const description: PlanDescription = {
    kind,
    entities: entity ? [{ name: entity.name, label: entity.label }] : [],
    target,
    relationship: { type: rel.type, phrase: rel.phrase, entityIsSubject: !targetIsFrom },
    relationshipValue: { type: rel.type, property: value.property, value: value.value },
    ...(entity ? {} : { chain: [{ type: rel.type, phrase: rel.phrase, via: far }] }),
  };
  if (kind === 'count') return { ok: true, cypher: `${match} RETURN count(DISTINCT t) AS count`, description };
  const also = farName ? `, o.${cypherName(farName)} AS ${cypherName(far.toLowerCase())}` : '';
  return { ok: true, cypher: `${match} RETURN DISTINCT t.${cypherName(nameKey)} AS name${also}, r.${p} AS ${p} ORDER BY name LIMIT ${LIST_LIMIT}`, description };
}
