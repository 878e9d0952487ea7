import { cypherName, cypherString } from './cypher-text.js';
import type { QuestionKind, Understanding } from './understand.js';
import { matchWords } from './vocabulary.js';
import { applyFilters, assessPlan, dateProperty, planChain, planCompare, planNegated, unmappedWords } from './plan-constraints.js';
import { RECEIVED_NOUNS } from './synonyms.js';
import { fold, identifierWords, stem } from './words.js';
import { planRelationshipValue } from './plan-values.js';
import type { RelationshipValue } from './resolve.js';
import type { LabelEntry, RelationshipEntry, Vocabulary, WordMatches } from './vocabulary.js';
import type { Meaning } from './meaning.js';

/**
 * The built-in planner: writes one read-only Cypher query for an understood question over the
 * graph's own vocabulary. It knows query shapes (a property of a thing, the things related to
 * a thing, how many, an aggregate, a path), not any graph: every label, relationship type and
 * property it writes comes from the schema, chosen by the words of the question.
 */

/** A thing of the graph a mention was linked to. */
export interface ResolvedEntity {
  mention: string;
  /** Where the mention stands in the question (decides subject and object). */
  position: number;
  label: string;
  name: string;
  /** The property holding `name` (`name`, `title`, …). */
  nameProperty: string;
  /** The store's stable key, used when the name alone is not unique. */
  key?: string;
  unique: boolean;
}

export interface PlanDescription {
  kind: QuestionKind;
  entities: { name: string; label: string }[];
  /** The label of what is listed, counted or ranked. */
  target?: string;
  relationship?: { type: string; phrase: string; entityIsSubject: boolean };
  property?: string;
  aggregate?: 'avg' | 'sum' | 'min' | 'max' | 'most' | 'least';
  /** The answer is about what does NOT have the relationship. */
  negated?: boolean;
  /** Numbers the answer was narrowed by, as words ("year after 2023"). */
  filters?: string[];
  /** Two named things compared by `property` (or by how many `target` each has). */
  comparison?: 'more' | 'less';
  /** The relationships followed, from the named thing to what is listed, when more than one. */
  chain?: { type: string; phrase: string; via?: string }[];
  /** A value of a relationship's property the answer is narrowed to ("ceo" as the role of WORKS_AT). */
  relationshipValue?: { type: string; property: string; value: string };
  /** The question's meaning, when the planner read one (the answer is said from it). */
  meaning?: Meaning;
  /** For a list: the query counting all its things, run when the row limit cut the list. */
  countCypher?: string;
  /** How sure the planner is (0..1), and what each word was taken to mean. */
  confidence?: number;
  mappings?: { word: string; to: string; kind: 'label' | 'relationship' | 'property' | 'value' | 'synonym'; guessed: boolean }[];
}

export type Plan =
  | { ok: true; cypher: string; description: PlanDescription }
  /** `scope`: the question is not one the graph can answer (out_of_scope) or asks to change it (instruction). */
  | { ok: false; reason: string; scope?: 'out_of_scope' | 'instruction' };

/** Most rows a list answer asks for (the store's row limit still applies). */
export const LIST_LIMIT = 200;
/** Longest path a path question looks for. */
export const PATH_MAX_HOPS = 6;

export interface Hop {
  type: string;
  /** True when the stored direction runs from the near label to the far one. */
  forward: boolean;
  far: string;
  matched: boolean;
  count: number;
  /** Both ends have the same label: the stored direction must come from the wording. */
  symmetric: boolean;
}

export const cannot = (reason: string, scope?: 'out_of_scope' | 'instruction'): Plan => ({ ok: false, reason, ...(scope ? { scope } : {}) });

export function nameKeyOf(label: LabelEntry | undefined): string {
  if (!label) return 'name';
  return label.nameKey;
}

export function hopsFrom(vocabulary: Vocabulary, matches: WordMatches, near: string, far?: string): Hop[] {
  const matchedTypes = new Set(matches.relationships.map((m) => m.entry.type));
  const hops: Hop[] = [];
  for (const rel of vocabulary.relationships) {
    for (const p of rel.patterns) {
      const symmetric = p.from === p.to;
      if (p.from === near && (far === undefined || p.to === far)) {
        hops.push({ type: rel.type, forward: true, far: p.to, matched: matchedTypes.has(rel.type), count: rel.count, symmetric });
      }
      if (!symmetric && p.to === near && (far === undefined || p.from === far)) {
        hops.push({ type: rel.type, forward: false, far: p.from, matched: matchedTypes.has(rel.type), count: rel.count, symmetric });
      }
    }
  }
  // Types the question names first, then the more common ones.
  return hops.sort((a, b) => Number(b.matched) - Number(a.matched) || b.count - a.count || a.type.localeCompare(b.type));
}

/** Whether, for a type joining a label to itself, the entity is the subject ("X cites …") or the object ("… cite X"). */
function entityIsSubject(understanding: Understanding, entity: ResolvedEntity, rel: RelationshipEntry | undefined, relPosition: number | undefined): boolean {
  if (relPosition === undefined || !rel) return true;
  const before = entity.position < relPosition;
  return understanding.cues.passive ? !before : before;
}

export function entityNode(variable: string, entity: ResolvedEntity): { pattern: string; where: string[] } {
  const pattern = `(${variable}:${cypherName(entity.label)} {${cypherName(entity.nameProperty)}: ${cypherString(entity.name)}})`;
  return { pattern, where: entity.unique || !entity.key ? [] : [`${variable}._key = ${cypherString(entity.key)}`] };
}

export function relationshipText(hop: Hop, subjectIsNear: boolean): { left: string; right: string } {
  // `near` is written on the left; the arrow follows the stored direction.
  const forward = hop.symmetric ? subjectIsNear : hop.forward;
  return forward ? { left: '-', right: '->' } : { left: '<-', right: '-' };
}

export function plan(understanding: Understanding, vocabulary: Vocabulary, entities: ResolvedEntity[], values: RelationshipValue[] = []): Plan {
  const matches = matchWords(vocabulary, understanding.words);
  return assessPlan(matches, entities, planQuestion(understanding, vocabulary, entities, matches, values));
}

function planQuestion(understanding: Understanding, vocabulary: Vocabulary, entities: ResolvedEntity[], matches: WordMatches, values: RelationshipValue[]): Plan {
  if (understanding.cues.instruction) return cannot('I only read the knowledge graph: I can’t change it', 'instruction');
  const valueWords = new Set(values.flatMap((v) => fold(v.mention).split(/\s+/)));
  const unmapped = unmappedWords(understanding, matches, entities).filter((w) => !valueWords.has(w));
  if (unmapped.length > 0) return cannot(`the graph records nothing about “${unmapped.join('”, “')}”`, 'out_of_scope');
  if (understanding.cues.path && entities.length >= 2) return planPositive(understanding, vocabulary, entities, matches);
  if (understanding.cues.comparison && entities.length >= 2) return planCompare(understanding, vocabulary, matches, entities);
  const counting = understanding.cues.count ? 'count' : 'list';
  if (values.length > 0 && !understanding.cues.negated) {
    return applyFilters(planRelationshipValue(vocabulary, matches, entities, values[0]!, counting), understanding, vocabulary, matches);
  }
  if (understanding.cues.negated) return applyFilters(planNegated(understanding, vocabulary, matches, entities, counting), understanding, vocabulary, matches);
  return applyFilters(planPositive(understanding, vocabulary, entities, matches), understanding, vocabulary, matches);
}

function planPositive(understanding: Understanding, vocabulary: Vocabulary, entities: ResolvedEntity[], matches: WordMatches): Plan {
  const entityLabels = new Set(entities.map((e) => e.label));
  const labelEntry = (label: string) => vocabulary.labels.find((l) => l.label === label);
  const firstEntity = entities[0];

  // A path between two named things.
  if (understanding.cues.path && entities.length >= 2) {
    const [a, b] = entities as [ResolvedEntity, ResolvedEntity];
    const na = entityNode('a', a);
    const nb = entityNode('b', b);
    const where = [...na.where, ...nb.where];
    return {
      ok: true,
      cypher:
        `MATCH ${na.pattern}, ${nb.pattern}${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ` +
        `MATCH p = shortestPath((a)-[*..${PATH_MAX_HOPS}]-(b)) ` +
        `RETURN [n IN nodes(p) | coalesce(${[...new Set(vocabulary.labels.map((l) => l.nameKey))].map((k) => `n.${cypherName(k)}`).join(', ')})] AS path, [r IN relationships(p) | type(r)] AS relationships`,
      description: { kind: 'path', entities: [a, b].map((e) => ({ name: e.name, label: e.label })) },
    };
  }

  // Properties the question names that the (first) entity's label has ("When was X published?": its one date).
  const named = firstEntity
    ? matches.properties.filter((m) => labelEntry(firstEntity.label)?.properties.includes(m.entry.key) && m.entry.key !== firstEntity.nameProperty)
    : [];
  const date = firstEntity && named.length === 0 && matches.synonyms.some((s) => s.as === '@date') ? dateProperty(labelEntry(firstEntity.label), understanding) : undefined;
  const entityProperties = date ? [{ entry: vocabulary.properties.find((p) => p.key === date)!, position: 0 }] : named;
  const otherLabels = matches.labels.filter((m) => !entityLabels.has(m.entry.label) || entities.length === 0);

  // Aggregates: a function of a value, or the thing ranking first.
  if (understanding.cues.aggregate || understanding.cues.superlative) {
    return planAggregate(understanding, vocabulary, matches, entities);
  }

  // A property of one thing ("When was X born?", "How many stars does X have?").
  if (
    firstEntity &&
    entityProperties.length > 0 &&
    (understanding.cues.property || understanding.cues.count || understanding.kind === 'list' || understanding.kind === 'lookup') &&
    otherLabels.length === 0 &&
    (matches.relationships.length === 0 || understanding.cues.property)
  ) {
    const node = entityNode('e', firstEntity);
    const returns = entityProperties.map((m) => `e.${cypherName(m.entry.key)} AS ${cypherName(m.entry.key)}`);
    return {
      ok: true,
      cypher: `MATCH ${node.pattern}${node.where.length ? ` WHERE ${node.where.join(' AND ')}` : ''} RETURN ${returns.join(', ')}`,
      description: { kind: 'property', entities: [firstEntity], property: entityProperties[0]!.entry.key },
    };
  }

  // Who or what a thing is.
  if (firstEntity && entities.length === 1 && otherLabels.length === 0 && matches.relationships.length === 0) {
    const node = entityNode('e', firstEntity);
    return {
      ok: true,
      cypher: `MATCH ${node.pattern}${node.where.length ? ` WHERE ${node.where.join(' AND ')}` : ''} RETURN e.${cypherName(firstEntity.nameProperty)} AS name, e AS entity`,
      description: { kind: 'lookup', entities: [firstEntity] },
    };
  }

  const counting = understanding.cues.count;
  // Everything of a label ("How many companies are there?", "List all technologies").
  if (!firstEntity) {
    const target = otherLabels[0]?.entry;
    if (!target) return cannot('the question names nothing in the graph: no known name, label or relationship');
    const nameKey = nameKeyOf(target);
    const related = matches.relationships[0]?.entry;
    if (related) {
      // "How many people work somewhere?": those with the relationship at all.
      const hop = hopsFrom(vocabulary, matches, target.label).find((h) => h.type === related.type);
      if (hop) {
        const arrow = relationshipText(hop, true);
        const match = `MATCH (t:${cypherName(target.label)})${arrow.left}[:${cypherName(hop.type)}]${arrow.right}(:${cypherName(hop.far)})`;
        return counting
          ? { ok: true, cypher: `${match} RETURN count(DISTINCT t) AS count`, description: { kind: 'count', entities: [], target: target.label, relationship: { type: hop.type, phrase: related.phrase, entityIsSubject: false } } }
          : { ok: true, cypher: `${match} RETURN DISTINCT t.${cypherName(nameKey)} AS name ORDER BY name LIMIT ${LIST_LIMIT}`, description: { kind: 'list', entities: [], target: target.label, relationship: { type: hop.type, phrase: related.phrase, entityIsSubject: false } } };
      }
    }
    return counting
      ? { ok: true, cypher: `MATCH (t:${cypherName(target.label)}) RETURN count(t) AS count`, description: { kind: 'count', entities: [], target: target.label } }
      : { ok: true, cypher: `MATCH (t:${cypherName(target.label)}) RETURN t.${cypherName(nameKey)} AS name ORDER BY name LIMIT ${LIST_LIMIT}`, description: { kind: 'list', entities: [], target: target.label } };
  }

  // "Who works at the same company as X?": others sharing X's neighbour.
  const shared = entities.length === 1 && understanding.words.some((w) => w.word === 'same') ? planShared(vocabulary, matches, firstEntity, counting ? 'count' : 'list') : undefined;
  if (shared) return shared;

  // Things related to one or more named things.
  return planRelated(understanding, vocabulary, matches, entities, counting ? 'count' : 'list');
}

/**
 * Others that share the entity's neighbour of a named label through the same relationship:
 * `(e)-[:R]-(x:L)-[:R]-(t)`, t of the entity's label unless the question names another.
 */
function planShared(vocabulary: Vocabulary, matches: WordMatches, entity: ResolvedEntity, kind: 'list' | 'count'): Plan | undefined {
  const middle = matches.labels.find((m) => m.entry.label !== entity.label)?.entry;
  if (!middle) return undefined;
  const rel = matches.relationships[0]?.entry;
  const hop = hopsFrom(vocabulary, matches, entity.label, middle.label).find((h) => !rel || h.type === rel.type);
  if (!hop) return undefined;
  const node = entityNode('e', entity);
  const arrow = relationshipText(hop, true);
  const back = relationshipText({ ...hop, forward: !hop.forward }, true);
  const nameKey = nameKeyOf(vocabulary.labels.find((l) => l.label === entity.label));
  const match =
    `MATCH ${node.pattern}${arrow.left}[:${cypherName(hop.type)}]${arrow.right}(x:${cypherName(middle.label)})` +
    `${back.left}[:${cypherName(hop.type)}]${back.right}(t:${cypherName(entity.label)}) WHERE t <> e${node.where.map((w) => ` AND ${w}`).join('')}`;
  const relEntry = vocabulary.relationships.find((r) => r.type === hop.type)!;
  const description: PlanDescription = {
    kind,
    entities: [{ name: entity.name, label: entity.label }],
    target: entity.label,
    relationship: { type: hop.type, phrase: `${relEntry.phrase} the same ${identifierWords(middle.label).join(' ')} as`, entityIsSubject: false },
  };
  return kind === 'count'
    ? { ok: true, cypher: `${match} RETURN count(DISTINCT t) AS count`, description }
    : { ok: true, cypher: `${match} RETURN DISTINCT t.${cypherName(nameKey)} AS name ORDER BY name LIMIT ${LIST_LIMIT}`, description };
}

function planRelated(
  understanding: Understanding,
  vocabulary: Vocabulary,
  matches: WordMatches,
  entities: ResolvedEntity[],
  kind: 'list' | 'count',
): Plan {
  const first = entities[0]!;
  const entityLabels = new Set(entities.map((e) => e.label));
  const labelMatches = matches.labels.filter((m) => !entityLabels.has(m.entry.label) || matches.labels.length === 1);
  const matchedRel = matches.relationships[0];
  let target = labelMatches[0]?.entry.label;
  // Several relationships, or a label between the two ends: a path through every one of them.
  const named = new Set(matches.relationships.map((m) => m.entry.type));
  const between = matches.labels.filter((m) => m.entry.label !== target && !entityLabels.has(m.entry.label));
  if (target && entities.length === 1 && (named.size >= 2 || between.length > 0)) return planChain(vocabulary, matches, first, target, kind);
  // Without a label word, the far end of the named relationship ("Who works at X?").
  const hops = hopsFrom(vocabulary, matches, first.label, target);
  // A relationship the question names is never swapped for another one the entity happens to have.
  const hop = matchedRel ? hops.find((h) => h.type === matchedRel.entry.type) : hops[0];
  if (!hop) {
    const twoHop = planTwoHops(vocabulary, matches, first, target);
    if (!twoHop) {
      if (matchedRel) return cannot(`${first.name} (${first.label}) has no “${matchedRel.entry.phrase}” relationship in this graph`);
      return cannot(target ? `nothing in the graph joins ${first.label} and ${target}` : `the question names nothing the graph relates ${first.name} to`);
    }
    return finishRelated(kind, entities, twoHop.match, twoHop.target, twoHop.description, vocabulary);
  }
  target ??= hop.far;
  const rel = vocabulary.relationships.find((r) => r.type === hop.type)!;
  const subject = entityIsSubject(understanding, first, rel, matchedRel?.position);
  const arrow = relationshipText(hop, subject);
  const node = entityNode('e', first);
  const clauses = [`${node.pattern}${arrow.left}[:${cypherName(hop.type)}]${arrow.right}(t:${cypherName(target)})`];
  const where = [...node.where];
  // Further named things narrow the answer: each joined to the target by its own relationship.
  entities.slice(1).forEach((other, index) => {
    const otherHop = hopsFrom(vocabulary, matches, target!, other.label)[0];
    if (!otherHop) return;
    const v = `e${index + 2}`;
    const otherNode = entityNode(v, other);
    const otherArrow = relationshipText(otherHop, true);
    clauses.push(`(t)${otherArrow.left}[:${cypherName(otherHop.type)}]${otherArrow.right}${otherNode.pattern}`);
    where.push(...otherNode.where);
  });
  const match = `MATCH ${clauses.join(', ')}${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`;
  // "the population of the city where X is located": a property of what is found, not of X.
  const targetEntry = vocabulary.labels.find((l) => l.label === target);
  const targetProperty = matches.properties.find(
    (m) => targetEntry?.properties.includes(m.entry.key) && m.entry.key !== nameKeyOf(targetEntry) && !vocabulary.labels.find((l) => l.label === first.label)?.properties.includes(m.entry.key),
  )?.entry.key;
  const description: PlanDescription = {
    kind,
    entities: entities.map((e) => ({ name: e.name, label: e.label })),
    target,
    relationship: { type: hop.type, phrase: rel.phrase, entityIsSubject: hop.symmetric ? subject : hop.forward },
    ...(targetProperty && kind === 'list' ? { property: targetProperty } : {}),
  };
  return finishRelated(kind, entities, match, target, description, vocabulary);
}

function finishRelated(
  kind: 'list' | 'count',
  _entities: ResolvedEntity[],
  match: string,
  target: string,
  description: PlanDescription,
  vocabulary: Vocabulary,
): Plan {
  const nameKey = nameKeyOf(vocabulary.labels.find((l) => l.label === target));
  const extra = description.property ? `, t.${cypherName(description.property)} AS ${cypherName(description.property)}` : '';
  return kind === 'count'
    ? { ok: true, cypher: `${match} RETURN count(DISTINCT t) AS count`, description }
    : { ok: true, cypher: `${match} RETURN DISTINCT t.${cypherName(nameKey)} AS name${extra} ORDER BY name LIMIT ${LIST_LIMIT}`, description };
}

/** Two steps through a middle label when no relationship joins the two directly ("companies located in <country>" via cities). */
function planTwoHops(vocabulary: Vocabulary, matches: WordMatches, entity: ResolvedEntity, target: string | undefined) {
  if (!target) return undefined;
  const candidates: { first: Hop; second: Hop; score: number }[] = [];
  for (const first of hopsFrom(vocabulary, matches, target)) {
    if (first.far === target) continue;
    for (const second of hopsFrom(vocabulary, matches, first.far, entity.label)) {
      candidates.push({ first, second, score: Number(first.matched) + Number(second.matched) });
    }
  }
  candidates.sort((a, b) => b.score - a.score || b.first.count + b.second.count - (a.first.count + a.second.count));
  const best = candidates[0];
  if (!best) return undefined;
  const node = entityNode('e', entity);
  const a1 = relationshipText(best.first, true);
  const a2 = relationshipText(best.second, true);
  const match =
    `MATCH (t:${cypherName(target)})${a1.left}[:${cypherName(best.first.type)}]${a1.right}(:${cypherName(best.first.far)})` +
    `${a2.left}[:${cypherName(best.second.type)}]${a2.right}${node.pattern}${node.where.length ? ` WHERE ${node.where.join(' AND ')}` : ''}`;
  const rel = vocabulary.relationships.find((r) => r.type === best.first.type)!;
  return {
    match,
    target,
    description: {
      kind: 'list' as QuestionKind,
      entities: [{ name: entity.name, label: entity.label }],
      target,
      relationship: { type: best.first.type, phrase: rel.phrase, entityIsSubject: false },
    },
  };
}

function planAggregate(understanding: Understanding, vocabulary: Vocabulary, matches: WordMatches, entities: ResolvedEntity[]): Plan {
  const entityLabels = new Set(entities.map((e) => e.label));
  const labels = matches.labels.filter((m) => !entityLabels.has(m.entry.label) || entities.length === 0);
  // The measured label: the first label word, or one that has the named property.
  const property = matches.properties.find((m) => m.entry.key !== 'name')?.entry;
  const target =
    labels.find((m) => !property || m.entry.properties.includes(property.key))?.entry ??
    (property ? vocabulary.labels.find((l) => l.properties.includes(property.key)) : undefined);
  if (!target) return cannot('the question does not say what to measure or rank');
  const nameKey = nameKeyOf(target);
  const entity = entities[0];
  let match = `MATCH (t:${cypherName(target.label)})`;
  let relationship: PlanDescription['relationship'];
  if (entity) {
    const hop = hopsFrom(vocabulary, matches, target.label, entity.label)[0];
    if (!hop) return cannot(`nothing in the graph joins ${target.label} and ${entity.label}`);
    const node = entityNode('e', entity);
    const arrow = relationshipText(hop, true);
    match = `MATCH (t:${cypherName(target.label)})${arrow.left}[:${cypherName(hop.type)}]${arrow.right}${node.pattern}${node.where.length ? ` WHERE ${node.where.join(' AND ')}` : ''}`;
    const rel = vocabulary.relationships.find((r) => r.type === hop.type)!;
    relationship = { type: hop.type, phrase: rel.phrase, entityIsSubject: false };
  }
  const description: PlanDescription = { kind: 'aggregate', entities: entities.map((e) => ({ name: e.name, label: e.label })), target: target.label, relationship };
  const fn = understanding.cues.aggregate;
  const order = understanding.cues.superlative === 'least' || fn === 'min' ? 'ASC' : 'DESC';

  if (property) {
    const p = `t.${cypherName(property.key)}`;
    const filter = `${match.includes(' WHERE ') ? ' AND' : ' WHERE'} ${p} IS NOT NULL`;
    // "What is the average population …": the value. "Which city has the largest population?": the thing.
    const asksWhich = /^(which|who|what \w+ (has|have|had))\b/i.test(understanding.question) || !fn;
    if (fn && !asksWhich) {
      return { ok: true, cypher: `${match} RETURN ${fn}(${p}) AS value`, description: { ...description, property: property.key, aggregate: fn } };
    }
    return {
      ok: true,
      cypher: `${match}${filter} RETURN t.${cypherName(nameKey)} AS name, ${p} AS ${cypherName(property.key)} ORDER BY ${cypherName(property.key)} ${order}, name LIMIT 1`,
      description: { ...description, property: property.key, aggregate: order === 'DESC' ? 'most' : 'least' },
    };
  }

  // "Which company maintains the most projects?": rank by how many related things.
  const counted = labels.find((m) => m.entry.label !== target.label)?.entry ?? labels[1]?.entry;
  const rel = matches.relationships[0]?.entry;
  const hop = hopsFrom(vocabulary, matches, target.label, counted?.label).find((h) => !rel || h.type === rel.type);
  if (!hop) return cannot('the question does not say what to count for the ranking');
  // "the most citations": what the far end receives, as "cited the most".
  const received = understanding.cues.passive || matches.synonyms.some((s) => RECEIVED_NOUNS.has(stem(s.word)));
  const arrow = relationshipText(hop, !received);
  const rankMatch = `MATCH (t:${cypherName(target.label)})${arrow.left}[:${cypherName(hop.type)}]${arrow.right}(o:${cypherName(hop.far)})`;
  const relEntry = vocabulary.relationships.find((r) => r.type === hop.type)!;
  return {
    ok: true,
    cypher: `${rankMatch} RETURN t.${cypherName(nameKey)} AS name, count(DISTINCT o) AS count ORDER BY count ${order}, name LIMIT 1`,
    description: {
      ...description,
      aggregate: order === 'DESC' ? 'most' : 'least',
      // The ranked thing does what the relationship says, or receives it ("cited by the most papers").
      relationship: { type: hop.type, phrase: relEntry.phrase, entityIsSubject: hop.symmetric ? !received : hop.forward },
      chain: [{ type: hop.type, phrase: relEntry.phrase, via: hop.far }],
      property: undefined,
    },
  };
}

