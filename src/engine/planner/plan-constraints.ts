import type { NumericFilter } from './constraints.js';
import { cypherName, cypherString } from './cypher-text.js';
import { cannot, entityNode, hopsFrom, LIST_LIMIT, nameKeyOf, relationshipText } from './plan.js';
import type { Plan, PlanDescription, ResolvedEntity } from './plan.js';
import { DATE_LIKE } from './synonyms.js';
import type { Understanding } from './understand.js';
import type { LabelEntry, Vocabulary, WordMatches } from './vocabulary.js';
import { FUNCTION_WORDS, identifierWords } from './words.js';

/**
 * The question kinds beyond one relationship from one named thing: a negation, a comparison of
 * two named things, numbers compared with a value, paths through several relationships, and
 * the questions the graph cannot answer (a word that names nothing in it, an instruction to
 * change it). Each either writes the query the words ask for or says why it cannot: never a
 * query for another question.
 */

/** Longest path of relationships a question may name (the README's "Which questions the built-in planner reads"). */
export const CHAIN_MAX_HOPS = 4;

/** Words a question may hold that name nothing in a graph and change nothing in what is asked. */
const NEUTRAL_WORDS = new Set([
  ...FUNCTION_WORDS,
  'not', 'no', 'never', 'without', 'none', 'nobody', 'nothing', 'than', 'more', 'less', 'fewer', 'most', 'least', 'same', 'other',
  'others', 'also', 'both', 'either', 'neither', 'only', 'just', 'still', 'ever', 'currently', 'now', 'exactly', 'total', 'number',
  'average', 'mean', 'sum', 'combined', 'maximum', 'minimum', 'max', 'min', 'highest', 'lowest', 'largest', 'smallest', 'biggest',
  'greatest', 'top', 'latest', 'newest', 'youngest', 'recent', 'earliest', 'oldest', 'first', 'last', 'after', 'before', 'since',
  'until', 'above', 'below', 'over', 'under', 'least', 'at', 'between', 'during', 'ago', 'anyone', 'anybody', 'someone', 'somebody',
  'something', 'anything', 'everyone', 'everything', 'thing', 'things', 'one', 'ones', 'people', 'describe', 'know', 'known',
  'about', 'called', 'named', 'exist', 'exists', 'kind', 'type', 'sort', 'count', 'get', 'return', 'display', 'see', 'want',
  'like', 'would', 'need', 'connected', 'related', 'linked', 'connection', 'path', 'link', 'way', 'many', 'much', 'does', 'do',
  'did', 'has', 'have', 'had', 'having', 'is', 'are', 'was', 'were', 'be', 'being', 'been', 'and', 'or', 'but', 'if', 'then',
  'so', 'yes', 'together', 'each', 'per', 'equal', 'equals', 'greater', 'higher', 'lower', 'smaller', 'bigger', 'larger', 'older',
  'younger', 'longer', 'shorter', 'up', 'to', 'later', 'earlier', 'newer', 'prior', 'least', 'starting', 'exceeding', 'beyond',
  'when', 'where', 'who', 'what', 'which', 'why', 'how', 'whose', 'whom', 'year', 'years', 'someone', 'currently', 'today',
]);

const labelWords = (label: string, plural = true) => {
  const words = identifierWords(label);
  const last = words.pop() ?? label.toLowerCase();
  return [...words, plural ? (last === 'person' ? 'people' : last.endsWith('y') && !/[aeiou]y$/.test(last) ? `${last.slice(0, -1)}ies` : /(s|x|ch|sh)$/.test(last) ? `${last}es` : `${last}s`) : last].join(' ');
};

/**
 * The content words of the question that name nothing in the graph: neither a thing it names,
 * nor a label, relationship or property (or their synonyms), nor a word that only shapes the
 * question. "What's the weather in Paris?": weather.
 */
export function unmappedWords(understanding: Understanding, matches: WordMatches, entities: ResolvedEntity[]): string[] {
  // Names found without capitals ("nimbus labs") are still among the words: they are not unmapped.
  const named = (at: number) => entities.some((e) => at >= e.position && at < e.position + e.mention.length);
  const mapped = new Set<number>([
    ...matches.labels.map((m) => m.position),
    ...matches.relationships.map((m) => m.position),
    ...matches.properties.map((m) => m.position),
    ...matches.synonyms.map((m) => m.position),
  ]);
  const stems = new Set([
    ...matches.labels.flatMap((m) => [...m.entry.stems]),
    ...matches.relationships.flatMap((m) => m.entry.stems),
    ...matches.properties.flatMap((m) => m.entry.stems),
  ]);
  return understanding.words
    .filter((w) => !named(w.start) && !mapped.has(w.start) && !stems.has(w.stem) && !NEUTRAL_WORDS.has(w.word.replace(/['’](s|re|ll|ve|d)$/, '')) && !/^\d/.test(w.word) && w.word.length > 1)
    .map((w) => w.word);
}

/** The one date-like property of a label, if it has exactly one (or one the question names). */
export function dateProperty(label: LabelEntry | undefined, understanding: Understanding): string | undefined {
  const dates = (label?.properties ?? []).filter((p) => DATE_LIKE.test(p));
  if (dates.length <= 1) return dates[0];
  return dates.find((p) => identifierWords(p).some((w) => understanding.words.some((x) => x.stem.startsWith(w.slice(0, 4)))));
}

/**
 * Which property of `label` a number is about: one the question names (the nearest to the
 * number), or for a year the label's date-like property.
 */
function filterProperty(filter: NumericFilter, label: LabelEntry | undefined, matches: WordMatches, understanding: Understanding): string | undefined {
  const named = matches.properties
    .filter((m) => label?.properties.includes(m.entry.key))
    .sort((a, b) => Math.abs(a.position - filter.start) - Math.abs(b.position - filter.start))[0];
  if (named) return named.entry.key;
  return filter.year ? dateProperty(label, understanding) : undefined;
}

const OP_WORDS: Record<NumericFilter['op'], string> = { '>': 'over', '>=': 'at least', '<': 'under', '<=': 'at most', '=': 'of', between: 'between' };

function condition(variable: string, property: string, f: NumericFilter): { cypher: string; words: string } {
  const p = `${variable}.${cypherName(property)}`;
  const words = identifierWords(property).join(' ');
  if (f.op === 'between') return { cypher: `${p} >= ${f.value} AND ${p} <= ${f.value2}`, words: `${words} between ${f.value} and ${f.value2}` };
  const said = f.year ? ({ '>': 'after', '>=': 'since', '<': 'before', '<=': 'until', '=': 'in' } as const)[f.op] : OP_WORDS[f.op];
  return { cypher: `${p} ${f.op} ${f.value}`, words: `${words} ${said} ${f.value}` };
}

/**
 * Narrows a plan that lists, counts or ranks `t` by the question's numbers; a number whose
 * property cannot be told is a refusal, not a number ignored.
 */
export function applyFilters(planned: Plan, understanding: Understanding, vocabulary: Vocabulary, matches: WordMatches): Plan {
  const filters = understanding.cues.filters ?? [];
  if (!planned.ok || filters.length === 0) return planned;
  const target = planned.description.target;
  if (!target || !/\(t:/.test(planned.cypher)) return cannot(`I can’t tell what ${filters.map((f) => f.value).join(' and ')} ${filters.length === 1 ? 'is' : 'are'} compared with here`);
  const label = vocabulary.labels.find((l) => l.label === target);
  const conditions: { cypher: string; words: string }[] = [];
  for (const f of filters) {
    const property = filterProperty(f, label, matches, understanding);
    if (!property) return cannot(`I can’t tell which value of ${labelWords(target)} ${f.value} is about: the graph records ${label?.properties.filter((p) => p !== nameKeyOf(label)).join(', ') || 'no values'} for them`);
    conditions.push(condition('t', property, f));
  }
  const returnAt = planned.cypher.indexOf(' RETURN ');
  const head = planned.cypher.slice(0, returnAt);
  const glue = / WHERE /.test(head.slice(head.lastIndexOf('MATCH'))) ? ' AND ' : ' WHERE ';
  return {
    ok: true,
    cypher: `${head}${glue}${conditions.map((c) => c.cypher).join(' AND ')}${planned.cypher.slice(returnAt)}`,
    description: { ...planned.description, filters: conditions.map((c) => c.words) },
  };
}

/** "Does X have more employees than Y?", "Does X maintain more projects than Y?": both values, and which is larger. */
export function planCompare(understanding: Understanding, vocabulary: Vocabulary, matches: WordMatches, entities: ResolvedEntity[]): Plan {
  const [a, b] = entities as [ResolvedEntity, ResolvedEntity];
  if (a.label !== b.label) return cannot(`${a.name} is a ${a.label} and ${b.name} a ${b.label}: I can only compare two things of one kind`);
  const label = vocabulary.labels.find((l) => l.label === a.label);
  const na = entityNode('a', a);
  const nb = entityNode('b', b);
  const where = [...na.where, ...nb.where];
  const base = { kind: 'aggregate' as const, entities: [a, b].map((e) => ({ name: e.name, label: e.label })), comparison: understanding.cues.comparison };
  const property = matches.properties.find((m) => label?.properties.includes(m.entry.key) && m.entry.key !== nameKeyOf(label))?.entry.key;
  if (property) {
    const p = cypherName(property);
    return {
      ok: true,
      cypher: `MATCH ${na.pattern}, ${nb.pattern}${where.length ? ` WHERE ${where.join(' AND ')}` : ''} RETURN a.${cypherName(a.nameProperty)} AS name, a.${p} AS value, b.${cypherName(b.nameProperty)} AS other, b.${p} AS other_value`,
      description: { ...base, property },
    };
  }
  // How many related things each has: the label the question counts, through the relationship it names.
  const counted = matches.labels.find((m) => m.entry.label !== a.label)?.entry;
  const rel = matches.relationships[0]?.entry;
  const hop = hopsFrom(vocabulary, matches, a.label, counted?.label).find((h) => !rel || h.type === rel.type);
  if (!hop || (!counted && !rel)) return cannot(`the question does not say what to compare ${a.name} and ${b.name} by`);
  const arrow = relationshipText(hop, true);
  const far = `:${cypherName(hop.far)}`;
  const rt = `[:${cypherName(hop.type)}]`;
  return {
    ok: true,
    cypher:
      `MATCH ${na.pattern}${na.where.length ? ` WHERE ${na.where.join(' AND ')}` : ''} OPTIONAL MATCH (a)${arrow.left}${rt}${arrow.right}(x${far}) ` +
      `WITH a, count(DISTINCT x) AS value MATCH ${nb.pattern}${nb.where.length ? ` WHERE ${nb.where.join(' AND ')}` : ''} ` +
      `OPTIONAL MATCH (b)${arrow.left}${rt}${arrow.right}(y${far}) ` +
      `RETURN a.${cypherName(a.nameProperty)} AS name, value, b.${cypherName(b.nameProperty)} AS other, count(DISTINCT y) AS other_value`,
    description: { ...base, target: hop.far, relationship: { type: hop.type, phrase: vocabulary.relationships.find((r) => r.type === hop.type)!.phrase, entityIsSubject: hop.forward } },
  };
}

/** "Which people do not work at any company?", "Which projects does not Nimbus Labs maintain": those without the relationship. */
export function planNegated(understanding: Understanding, vocabulary: Vocabulary, matches: WordMatches, entities: ResolvedEntity[], kind: 'list' | 'count'): Plan {
  const entity = entities[0];
  const rel = matches.relationships[0]?.entry;
  const labels = matches.labels.filter((m) => !entity || m.entry.label !== entity.label).map((m) => m.entry);
  const target = labels[0];
  if (!target) return cannot('the question does not say which things to look among');
  if (!rel) return cannot(`the question does not say which relationship ${labelWords(target.label)} should not have`);
  const far = entity?.label ?? labels[1]?.label;
  const hop = hopsFrom(vocabulary, matches, target.label, far).find((h) => h.type === rel.type);
  if (!hop) return cannot(`${labelWords(target.label)} have no “${rel.phrase}” relationship${far ? ` with ${labelWords(far)}` : ''} in this graph`);
  const arrow = relationshipText(hop, !understanding.cues.passive);
  // No variable inside the negated pattern (Neo4j refuses new variables in a pattern predicate); a key, when the
  // name alone is not unique, goes in its property map.
  const farPattern = entity
    ? `(:${cypherName(entity.label)} {${cypherName(entity.nameProperty)}: ${cypherString(entity.name)}${!entity.unique && entity.key ? `, _key: ${cypherString(entity.key)}` : ''}})`
    : `(:${cypherName(hop.far)})`;
  const match = `MATCH (t:${cypherName(target.label)}) WHERE NOT (t)${arrow.left}[:${cypherName(hop.type)}]${arrow.right}${farPattern}`;
  const description: PlanDescription = {
    kind,
    entities: entity ? [{ name: entity.name, label: entity.label }] : [],
    target: target.label,
    relationship: { type: hop.type, phrase: rel.phrase, entityIsSubject: false },
    negated: true,
    ...(entity ? {} : { chain: [{ type: hop.type, phrase: rel.phrase, via: hop.far }] }),
  };
  const nameKey = nameKeyOf(target);
  return kind === 'count'
    ? { ok: true, cypher: `${match} RETURN count(DISTINCT t) AS count`, description }
    : { ok: true, cypher: `${match} RETURN DISTINCT t.${cypherName(nameKey)} AS name ORDER BY name LIMIT ${LIST_LIMIT}`, description };
}

interface ChainStep {
  type: string;
  /** Stored direction runs from the nearer-to-target label to the next one. */
  forward: boolean;
  from: string;
  to: string;
}

/**
 * The shortest path of relationships from `target` to the named thing's label (at most
 * CHAIN_MAX_HOPS) that goes through every relationship and label the question names; undefined
 * when there is none (then the words describe no path in this graph).
 */
function findChain(vocabulary: Vocabulary, from: string, to: string, types: string[], labels: string[]): ChainStep[] | undefined {
  interface State {
    at: string;
    steps: ChainStep[];
  }
  let frontier: State[] = [{ at: from, steps: [] }];
  for (let depth = 0; depth < CHAIN_MAX_HOPS; depth++) {
    const next: State[] = [];
    const complete: ChainStep[][] = [];
    for (const state of frontier) {
      for (const rel of vocabulary.relationships) {
        for (const p of rel.patterns) {
          const moves: ChainStep[] = [];
          if (p.from === state.at) moves.push({ type: rel.type, forward: true, from: p.from, to: p.to });
          if (p.to === state.at && p.from !== p.to) moves.push({ type: rel.type, forward: false, from: p.to, to: p.from });
          for (const move of moves) {
            // No relationship twice along one path: that would walk back.
            if (state.steps.some((s) => s.type === move.type && s.from === move.to && s.to === move.from)) continue;
            const steps = [...state.steps, move];
            if (move.to === to) {
              const visitedTypes = new Set(steps.map((s) => s.type));
              const visitedLabels = new Set(steps.flatMap((s) => [s.from, s.to]));
              if (types.every((t) => visitedTypes.has(t)) && labels.every((l) => visitedLabels.has(l))) complete.push(steps);
            }
            next.push({ at: move.to, steps });
          }
        }
      }
    }
    // The shortest paths that fit; among them the one through the most-used relationships.
    if (complete.length > 0) return complete.sort((x, y) => count(vocabulary, y) - count(vocabulary, x))[0];
    frontier = next;
  }
  return undefined;
}

const count = (vocabulary: Vocabulary, steps: ChainStep[]) => steps.reduce((n, s) => n + (vocabulary.relationships.find((r) => r.type === s.type)?.count ?? 0), 0);

/**
 * Things reached from a named thing through several relationships, when the question names
 * more than one ("Which cities do people who work at Nimbus Labs live in?").
 */
export function planChain(vocabulary: Vocabulary, matches: WordMatches, entity: ResolvedEntity, target: string, kind: 'list' | 'count'): Plan {
  const types = [...new Set(matches.relationships.map((m) => m.entry.type))];
  const labels = [...new Set(matches.labels.map((m) => m.entry.label))].filter((l) => l !== target && l !== entity.label);
  const steps = findChain(vocabulary, target, entity.label, types, labels);
  if (!steps) {
    const named = [...types.map((t) => vocabulary.relationships.find((r) => r.type === t)!.phrase), ...labels.map((l) => labelWords(l))];
    return cannot(`no path of at most ${CHAIN_MAX_HOPS} relationships through ${named.join(', ')} joins ${labelWords(target)} and ${entity.name} in this graph`);
  }
  const node = entityNode('e', entity);
  let pattern = `(t:${cypherName(target)})`;
  steps.forEach((s, i) => {
    const arrow = s.forward ? { left: '-', right: '->' } : { left: '<-', right: '-' };
    const end = i === steps.length - 1 ? node.pattern : `(:${cypherName(s.to)})`;
    pattern += `${arrow.left}[:${cypherName(s.type)}]${arrow.right}${end}`;
  });
  const match = `MATCH ${pattern}${node.where.length ? ` WHERE ${node.where.join(' AND ')}` : ''}`;
  const phrase = (type: string) => vocabulary.relationships.find((r) => r.type === type)!.phrase;
  const description: PlanDescription = {
    kind,
    entities: [{ name: entity.name, label: entity.label }],
    target,
    relationship: { type: steps[0]!.type, phrase: phrase(steps[0]!.type), entityIsSubject: false },
    // From the named thing outwards.
    chain: [...steps].reverse().map((s) => ({ type: s.type, phrase: phrase(s.type), via: s.from })),
  };
  const nameKey = nameKeyOf(vocabulary.labels.find((l) => l.label === target));
  return kind === 'count'
    ? { ok: true, cypher: `${match} RETURN count(DISTINCT t) AS count`, description }
    : { ok: true, cypher: `${match} RETURN DISTINCT t.${cypherName(nameKey)} AS name ORDER BY name LIMIT ${LIST_LIMIT}`, description };
}

/** What each word was taken to mean, and how sure the planner is: guesses lower it. */
export function assessPlan(matches: WordMatches, entities: ResolvedEntity[], planned: Plan): Plan {
  if (!planned.ok) return planned;
  const mappings: NonNullable<PlanDescription['mappings']> = [
    ...entities.map((e) => ({ word: e.mention, to: `${e.label} ${e.name}`, kind: 'value' as const, guessed: !e.unique })),
    ...matches.labels.map((m) => ({ word: labelWords(m.entry.label, false), to: m.entry.label, kind: 'label' as const, guessed: false })),
    ...matches.relationships.map((m) => ({ word: m.entry.phrase, to: m.entry.type, kind: 'relationship' as const, guessed: matches.synonyms.some((s) => s.as === m.entry.phrase) })),
    ...matches.properties.map((m) => ({ word: m.entry.phrase, to: m.entry.key, kind: 'property' as const, guessed: matches.synonyms.some((s) => s.as === m.entry.phrase) })),
    ...matches.synonyms.map((s) => ({ word: s.word, to: s.as, kind: 'synonym' as const, guessed: true })),
  ];
  const d = planned.description;
  const usedRelationship = !d.relationship || matches.relationships.some((m) => m.entry.type === d.relationship!.type);
  let confidence = 0.95;
  confidence -= 0.15 * matches.synonyms.length;
  if (!usedRelationship) confidence -= 0.25; // a relationship the question does not name was chosen
  if ((d.chain?.length ?? 0) > 1) confidence -= 0.1 * ((d.chain?.length ?? 1) - 1);
  if (entities.some((e) => !e.unique)) confidence -= 0.05;
  return { ...planned, description: { ...d, mappings, confidence: Math.max(0.05, Math.round(confidence * 100) / 100) } };
}
