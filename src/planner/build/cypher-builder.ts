import { cypherName, cypherValue } from '../../cypher/text.js';
import type { Condition, Meaning, MeaningEdge, MeaningNode } from '../meaning.js';
import { LIST_LIMIT } from '../meaning.js';
import { typesOf } from '../meaning.js';
import { countsOfOwners } from '../interpret/nested-counts.js';
import { edgeVar, figureWith, keepingTies, valueOf } from './cypher-parts.js';
import { groupCypher } from './group-cypher.js';

export { TIES_SHOWN_MAX } from './cypher-parts.js';

/**
 * Writes a meaning out as one read-only Cypher query. Every name comes from the meaning (the
 * schema's own labels, types and keys, quoted when they need it) and every value is written
 * as an escaped literal, so no word of the question becomes syntax. Variables are the
 * meaning's own node ids (`n0`, `n1`, …) and `r0`, `r1`, … for its edges.
 */

/** Longest path a path question looks for. */
export const PATH_MAX_HOPS = 6;

function conditionText(target: string, c: Condition, node?: MeaningNode): string {
  const p = valueOf(target, c.key, node);
  if (c.sameAs) return `${p} = ${c.sameAs}.${cypherName(c.key)}`;
  if (c.otherKey) return `${p} ${c.op === '<>' ? '<>' : '='} ${valueOf(target, c.otherKey, node)}`;
  if (c.op === 'exists') return c.value === false ? `${p} IS NULL` : `${p} IS NOT NULL`;
  // A list: one of its items ("'fragile' IN r.labels"), never the list's text.
  if (c.list && c.op === '=') return `${cypherValue(c.value)} IN ${p}`;
  if (c.list && c.op === '<>') return `NOT ${cypherValue(c.value)} IN ${p}`;
  if (c.list) return `any(item IN ${p} WHERE ${comparison('item', c)})`;
  return comparison(p, c);
}

/** One value (a property, or an item of a list) compared with the condition's. */
function comparison(value: string, c: Condition): string {
  const v = cypherValue(c.value);
  const text = (op: string) => (c.exact ? `toString(${value}) ${op} ${v}` : `toLower(toString(${value})) ${op} toLower(${v})`);
  switch (c.op) {
    case 'contains':
      return text('CONTAINS');
    case 'starts':
      return text('STARTS WITH');
    case 'ends':
      return text('ENDS WITH');
    default:
      // A date said as text ("after 2017" is `>= '2018'`) is compared with the value's text: the same for
      // ISO text and for a typed date or datetime, which a comparison with a string would never match.
      if (typeof c.value === 'string' && (c.op !== '=' && c.op !== '<>' ? true : ISO_DATE_TEXT.test(c.value))) return `toString(${value}) ${c.op} ${v}`;
      return `${value} ${c.op} ${v}`;
  }
}

const ISO_DATE_TEXT = /^\d{4}-\d{2}(-\d{2})?/;

/**
 * A node where it first appears: its label, and a named thing's name in its property map
 * (`(n0:Person {name: 'Ada Moreau'})`, the shape templates turn into a slot the session fills).
 */
function nodePattern(node: MeaningNode, declared: Set<string>): string {
  if (declared.has(node.id)) return `(${node.id})`;
  declared.add(node.id);
  const named = node.anchor ? ` {${cypherName(node.anchor.nameKey)}: ${cypherValue(node.anchor.name)}}` : '';
  return `(${node.id}${node.label ? `:${cypherName(node.label)}` : ''}${named})`;
}

/** A named thing whose name is not unique is the one chosen, by its key. */
function anchorConditions(node: MeaningNode): string[] {
  const a = node.anchor;
  return a && !a.unique && a.key ? [`${node.id}._key = ${cypherValue(a.key)}`] : [];
}

/**
 * A denied pattern: `NOT (a)-[:T]->(:Label)`, or, when the thing denied has conditions of its own or
 * the relationship has ("no projects started after 2020", "never rated above 3"), `NOT EXISTS { MATCH … WHERE … }`.
 */
function deniedPattern(e: MeaningEdge, byId: Map<string, MeaningNode>, declared: Set<string>): string {
  const ends = [byId.get(e.from)!, byId.get(e.to)!];
  const inner = ends.filter((n) => !declared.has(n.id) && (n.conditions.length > 0 || familyConditions(n).length > 0));
  if (inner.length === 0 && e.conditions.length === 0) return `NOT ${inlineNode(ends[0]!, declared)}${arrow(e)}${inlineNode(ends[1]!, declared)}`;
  const local = new Set(declared);
  const v = 'denied';
  const pattern = `${nodePattern(ends[0]!, local)}${arrow(e, e.conditions.length ? v : undefined)}${nodePattern(ends[1]!, local)}`;
  const conditions = [...inner.flatMap((n) => [...anchorConditions(n), ...familyConditions(n), ...n.conditions.map((c) => conditionText(n.id, c, n))]), ...e.conditions.map((c) => conditionText(v, c))];
  return `NOT EXISTS { MATCH ${pattern} WHERE ${conditions.join(' AND ')} }`;
}

/** A node inside a negated pattern: no new variable may appear there, so its label and name go in the pattern. */
function inlineNode(node: MeaningNode, declared: Set<string>): string {
  if (declared.has(node.id)) return `(${node.id})`;
  const props = node.anchor
    ? ` {${cypherName(node.anchor.nameKey)}: ${cypherValue(node.anchor.name)}${!node.anchor.unique && node.anchor.key ? `, _key: ${cypherValue(node.anchor.key)}` : ''}}`
    : '';
  return `(${node.label ? `:${cypherName(node.label)}` : ''}${props})`;
}

/**
 * The column that says, beside each listed thing, which of the things picked in date order it is
 * joined to ("movie"): the picked label's name, unless the query returns a column of that name.
 */
export function pickedColumn(m: Meaning): string | undefined {
  if (!m.order?.chronological || m.order.pick === undefined) return undefined;
  const by = m.order.by as { of: string; key: string };
  const label = (m.nodes.find((n) => n.id === by.of)?.label ?? 'thing').toLowerCase();
  const taken = new Set(['name', by.key, ...(m.ask.kind === 'list' ? m.ask.extra.map((x) => x.as ?? x.key) : [])]);
  return taken.has(label) ? `${label}_name` : label;
}

const arrow = (e: MeaningEdge, v?: string) => `-[${v ?? ''}:${typesOf(e).map(cypherName).join('|')}]-${e.either ? '' : '>'}`;

/**
 * The stored keys of the things a meaning is about (its focus, under its conditions), at most
 * `limit`: what the sources of a count or an aggregate, which names no things, are found by.
 */
export function buildKeysCypher(m: Meaning, limit: number): string {
  const owned = countsOfOwners(m);
  if (owned !== m) return buildKeysCypher(owned, limit);
  const { match } = matchOf(m);
  const focus = m.focus;
  if (m.having?.length) return `${match} WITH ${focus}${havingWith(m)} WHERE ${havingWhere(m)} RETURN DISTINCT ${focus}._key AS key LIMIT ${limit}`;
  return `${match} RETURN DISTINCT ${focus}._key AS key LIMIT ${limit}`;
}

/**
 * The things one node of a meaning stands for under its whole pattern, by name and stored key, in
 * name order, at most `limit`: which of several a question's singular words may mean.
 */
export function buildThingsOfCypher(m: Meaning, node: string, nameKey: string, limit: number): string {
  const { match } = matchOf(countsOfOwners(m));
  return `${match} RETURN DISTINCT ${node}.${cypherName(nameKey)} AS name, ${node}._key AS key ORDER BY name, key LIMIT ${limit}`;
}

/** A node's own count conditions, as COUNT subqueries ("COUNT { (n1)-[:FILED]->(n2:Report) } > 3"). */
function countConditions(node: MeaningNode): string[] {
  return (node.counts ?? []).map(({ edge, counted, op, value }) => {
    const declared = new Set([node.id]);
    const other = nodePattern(counted, declared);
    const pattern = edge.from === node.id ? `(${node.id})${arrow(edge)}${other}` : `${other}${arrow(edge)}(${node.id})`;
    const where = nodeConditions(counted);
    return `COUNT { ${pattern}${where.length ? ` WHERE ${where.join(' AND ')}` : ''} } ${countOp(op)} ${cypherValue(value)}`;
  });
}

/** A family's labels, any one of them: `(n1:City OR n1:Place)`. */
function familyConditions(node: MeaningNode): string[] {
  const labels = node.label ? [] : (node.family?.labels ?? []);
  return labels.length > 0 ? [`(${labels.map((l) => `${node.id}:${cypherName(l)}`).join(' OR ')})`] : [];
}

/** Everything a node's own WHERE says: the named thing chosen by key, its family, its conditions, its counts. */
function nodeConditions(node: MeaningNode): string[] {
  return [...anchorConditions(node), ...familyConditions(node), ...node.conditions.map((c) => conditionText(node.id, c, node)), ...countConditions(node)];
}

/** The MATCH … WHERE of a meaning: its pattern with the named things, conditions and negations. */
function matchOf(m: Meaning): { match: string; hasWhere: boolean } {
  const byId = new Map(m.nodes.map((n) => [n.id, n]));
  const declared = new Set<string>();
  const patterns: string[] = [];
  const where: string[] = [];
  const positive = m.edges.map((e, i) => ({ e, i })).filter(({ e }) => !e.negated);
  for (const { e, i } of positive) {
    patterns.push(`${nodePattern(byId.get(e.from)!, declared)}${arrow(e, edgeVar(i))}${nodePattern(byId.get(e.to)!, declared)}`);
    where.push(...e.conditions.map((c) => conditionText(edgeVar(i), c)));
  }
  // A thing only a denied pattern reaches is not matched on its own: "no projects started after 2020" denies such a project, it does not pick one.
  const deniedOnly = (node: MeaningNode) => node.id !== m.focus && !node.anchor && m.edges.some((e) => e.negated && (e.from === node.id || e.to === node.id));
  for (const node of m.nodes) {
    if (!declared.has(node.id) && !deniedOnly(node)) patterns.push(nodePattern(node, declared));
  }
  for (const node of m.nodes) {
    if (!declared.has(node.id)) continue;
    where.push(...nodeConditions(node));
  }
  for (const [a, b] of m.distinct ?? []) where.push(`${a} <> ${b}`);
  for (const e of m.edges.filter((x) => x.negated)) where.push(deniedPattern(e, byId, declared));
  return { match: `MATCH ${patterns.join(', ')}${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`, hasWhere: where.length > 0 };
}

export function buildCypher(m: Meaning): string {
  const owned = countsOfOwners(m);
  if (owned !== m) return buildCypher(owned);
  const byId = new Map(m.nodes.map((n) => [n.id, n]));
  if (m.ask.kind === 'path') {
    const a = byId.get(m.ask.a)!;
    const b = byId.get(m.ask.b)!;
    const declared = new Set<string>();
    const where = [...anchorConditions(a), ...anchorConditions(b)];
    return (
      `MATCH ${nodePattern(a, declared)}, ${nodePattern(b, declared)}${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ` +
      `MATCH p = shortestPath((${a.id})-[*..${PATH_MAX_HOPS}]-(${b.id})) ` +
      `RETURN [x IN nodes(p) | coalesce(${namesOf(m.ask.nameKeys)})] AS path, [r IN relationships(p) | type(r)] AS relationships`
    );
  }
  if (m.ask.kind === 'compare') return compareCypher(m, m.ask, byId);
  const { match, hasWhere } = matchOf(m);
  const focus = byId.get(m.focus)!;
  if (focus.group) return groupCypher(m, focus, focus.group.key, `${match}${hasWhere ? ' AND' : ' WHERE'}`);
  const name = `${focus.id}.${cypherName(focusNameKey(focus))}`;
  const target = (of: string, key: string, edge?: boolean) => (edge ? `${edgeVar(Number(of))}.${cypherName(key)}` : valueOf(of, key, byId.get(of)));

  switch (m.ask.kind) {
    case 'count':
      if (m.having?.length) return `${match} WITH ${focus.id}${havingWith(m)} WHERE ${havingWhere(m)} RETURN count(DISTINCT ${focus.id}) AS count`;
      return `${match} RETURN count(DISTINCT ${focus.id}) AS count`;
    case 'exists':
      return `${match} RETURN count(*) > 0 AS answer`;
    case 'lookup':
      return `${match} RETURN ${name} AS name, ${focus.id} AS entity`;
    case 'value': {
      const value = target(m.ask.of, m.ask.key, m.ask.edge);
      // The thing is named in the question: its value alone, unless several things answer (then each with its name).
      const named = m.ask.edge || m.ask.of !== focus.id || focus.anchor ? '' : `, ${name} AS name`;
      // The values of many things of one name ("the modules of the process named 'nginx'"): those they have.
      const known = byId.get(m.ask.of)?.anchor?.shared ? `${hasWhere ? ' AND' : ' WHERE'} ${value} IS NOT NULL` : '';
      return `${match}${known} RETURN DISTINCT ${value} AS ${cypherName(m.ask.key)}${named}`;
    }
    case 'aggregate':
      return `${match} RETURN ${m.ask.fn}(${target(m.ask.of, m.ask.key, m.ask.edge)}) AS value`;
    case 'list': {
      const extra = m.ask.extra.filter((x) => !(x.of === focus.id && !x.edge && x.key === focusNameKey(focus)));
      const extras = extra.map((x) => `, ${target(x.of, x.key, x.edge)} AS ${cypherName(x.as ?? x.key)}`).join('');
      // The ranked things' own values asked beside them (the `grade` of a `Grade` named "g-2/low") stay in each row.
      const own: [string, string][] = extra.filter((x) => x.of === focus.id && !x.edge).map((x) => [target(x.of, x.key), cypherName(x.as ?? x.key)]);
      if (m.order && 'count' in m.order.by) return rankByCount(m, m.order.by.count, byId, name, own);
      if (m.order && 'aggregate' in m.order.by) {
        const by = m.order.by;
        const values = target(by.of, by.key, by.edge);
        const aggregated = `${match} ${figureWith(focus.id, by, values)}`;
        if (m.order.each) return `${aggregated} WHERE value IS NOT NULL RETURN ${name} AS name, value ORDER BY value ${m.order.direction}, name LIMIT ${m.limit ?? LIST_LIMIT}`;
        if (m.order.sorted) return `${aggregated} RETURN ${name} AS name, value ORDER BY value IS NULL, value ${m.order.direction}, name LIMIT ${m.limit ?? LIST_LIMIT}`;
        return `${aggregated} WHERE value IS NOT NULL ${keepingTies([[name, 'name'], ...own, ['value', 'value']], `value ${m.order.direction}, name`, 'value', m.limit ?? 1)}`;
      }
      if (m.having?.length) {
        // The values asked beside the things counted: their own as they are, another's (a joined thing's, a relationship's) gathered per thing.
        const own = extra.filter((x) => x.of === focus.id && !x.edge);
        const gathered = extra.filter((x) => !own.includes(x)).map((x) => [`collect(DISTINCT ${target(x.of, x.key, x.edge)})`, cypherName(x.as ?? x.key)] as const);
        const withGathered = gathered.map(([value, as]) => `, ${value} AS ${as}`).join('');
        const columns = `${own.map((x) => `, ${target(x.of, x.key, x.edge)} AS ${cypherName(x.as ?? x.key)}`).join('')}${gathered.map(([, as]) => `, ${as}`).join('')}`;
        return `${match} WITH ${focus.id}${havingWith(m)}${withGathered} WHERE ${havingWhere(m)} RETURN DISTINCT ${name} AS name${columns}${m.having.map((h, i) => `, c${i} AS count`).slice(0, 1).join('')} ORDER BY name LIMIT ${m.limit ?? LIST_LIMIT}`;
      }
      if (m.order) {
        const by = m.order.by as { of: string; key: string; edge?: boolean };
        const sortKey = target(by.of, by.key, by.edge);
        const column = cypherName(by.key);
        const shown = extra.some((x) => x.key === by.key) ? '' : `, ${sortKey} AS ${column}`;
        const known = m.order.chronological ? match : `${match}${hasWhere ? ' AND' : ' WHERE'} ${sortKey} IS NOT NULL`;
        // In date order, those without a date come last either way (both engines sort nulls first when descending).
        const undatedLast = (value: string) => (m.order!.chronological ? `${value} IS NULL, ` : '');
        if (m.order.sorted) {
          // Every thing, those without the value last. A value of the thing itself is shown beside it; another's (a
          // relationship's, a joined thing's) is taken at its first in the order, so each thing is listed once.
          const sorted = `ORDER BY ${column} IS NULL, ${column} ${m.order.direction}, name LIMIT ${m.limit ?? LIST_LIMIT}`;
          if (by.of === focus.id && !by.edge) return `${match} WITH DISTINCT ${listedVariables(focus.id, extra)} RETURN ${name} AS name${extras}${shown} ${sorted}`;
          return `${match} WITH ${focus.id}, ${m.order.direction === 'DESC' ? 'max' : 'min'}(${sortKey}) AS ${column} RETURN ${name} AS name, ${column} ${sorted}`;
        }
        if (m.order.pick !== undefined && !by.edge) {
          // The ranked things first (ties by name), then every focus thing joined to them.
          const ranked = byId.get(by.of)!;
          const picked = `WITH DISTINCT ${by.of} ORDER BY ${undatedLast(sortKey)}${sortKey} ${m.order.direction}, ${by.of}.${cypherName(focusNameKey(ranked))} LIMIT ${m.order.pick}`;
          // In date order ("the actors in the first 3 movies"): beside each listed thing, which of the picked it is joined to.
          if (m.order.chronological) {
            const which = cypherName(pickedColumn(m)!);
            return `${known} ${picked} ${match} RETURN DISTINCT ${name} AS name${extras}, ${by.of}.${cypherName(focusNameKey(ranked))} AS ${which}${shown} ORDER BY ${undatedLast(column)}${column} ${m.order.direction}, ${which}, name LIMIT ${m.limit ?? LIST_LIMIT}`;
          }
          // Each listed thing once, beside the value of the first picked thing it is joined to (when the values asked are its own).
          if (extra.every((x) => x.of === focus.id && !x.edge && x.key !== by.key)) {
            const first = m.order.direction === 'DESC' ? 'max' : 'min';
            return `${known} ${picked} ${match} WITH ${focus.id}, ${first}(${sortKey}) AS ${column} RETURN ${name} AS name${extras}, ${column} ORDER BY ${column} ${m.order.direction}, name LIMIT ${m.limit ?? LIST_LIMIT}`;
          }
          return `${known} ${picked} ${match} RETURN DISTINCT ${name} AS name${extras}${shown} ORDER BY ${column} ${m.order.direction}, name LIMIT ${m.limit ?? LIST_LIMIT}`;
        }
        // Ranked by a value of their relationships ("the movies with the highest rating"): each thing once, by its best.
        if (by.edge && extra.every((x) => x.edge && x.key === by.key)) {
          const best = `${m.order.direction === 'DESC' ? 'max' : 'min'}(${sortKey})`;
          return `${known} WITH ${focus.id}, ${best} AS ${column} ${keepingTies([[name, 'name'], [column, column]], `${column} ${m.order.direction}, name`, column, m.limit ?? 1)}`;
        }
        const columns: [string, string][] = [[name, 'name'], ...extra.map((x): [string, string] => [target(x.of, x.key, x.edge), cypherName(x.as ?? x.key)]), ...(shown ? [[sortKey, column] as [string, string]] : [])];
        return `${known} ${keepingTies(columns, `${undatedLast(column)}${column} ${m.order.direction}, name`, column, m.limit ?? 1, true)}`;
      }
      // One row per thing (two things may share a name), with the values shown beside it.
      return `${match} WITH DISTINCT ${listedVariables(focus.id, extra)} RETURN ${name} AS name${extras} ORDER BY name LIMIT ${m.limit ?? LIST_LIMIT}`;
    }
  }
}

/** The variables a list keeps, one row per thing with the values shown beside it (two things may share a name). */
const listedVariables = (focus: string, extra: { of: string; edge?: boolean }[]) => [...new Set([focus, ...extra.map((x) => (x.edge ? edgeVar(Number(x.of)) : x.of))])].join(', ');

/**
 * Ranked by how many related things each has: those with none count too (an OPTIONAL MATCH),
 * when the counted thing hangs off the focus by one relationship and nothing else.
 */
function rankByCount(m: Meaning, counted: string, byId: Map<string, MeaningNode>, name: string, own: [string, string][] = []): string {
  const focus = m.focus;
  const direction = m.order!.direction;
  const limit = m.limit ?? 1;
  const hanging = m.edges.filter((e) => e.from === counted || e.to === counted);
  const single = hanging.length === 1 && !hanging[0]!.negated && !byId.get(counted)!.anchor;
  // Every group's count ("each country"): all of them that have any, no cut to tie at.
  const ranked = (count: string) =>
    m.order!.each
      ? `RETURN ${name} AS name, ${count === 'count' ? count : `${count} AS count`} ORDER BY count ${direction}, name LIMIT ${limit}`
      : keepingTies([[name, 'name'], ...own, [count, 'count']], `count ${direction}, name`, 'count', limit);
  if (!single) return `${matchOf(m).match} ${ranked(`count(DISTINCT ${counted})`)}`;
  const edge = hanging[0]!;
  // The counted thing hangs off one node of the pattern (the focus, or one joined to it).
  const holder = edge.from === counted ? edge.to : edge.from;
  const base = matchOf({ ...m, nodes: m.nodes.filter((n) => n.id !== counted), edges: m.edges.filter((e) => e !== edge) }).match;
  const other = byId.get(counted)!;
  const declared = new Set([holder]);
  // The counted relationship gets a variable of its own: the others are numbered without it.
  const pattern = `${edge.from === holder ? `(${holder})` : nodePattern(other, declared)}${arrow(edge, 'rc')}${edge.to === holder ? `(${holder})` : nodePattern(other, declared)}`;
  // (Not a named thing: `single` keeps those out, so no key condition.)
  const conditions = [...nodeConditions(other), ...edge.conditions.map((c) => conditionText('rc', c))];
  const optional = `${base} OPTIONAL MATCH ${pattern}${conditions.length ? ` WHERE ${conditions.join(' AND ')}` : ''}`;
  // "The most": things with none are not among them (all having none answers nothing); "the fewest" may well be none.
  // Every group's count lists those with some (the answer says how many have none).
  const some = direction === 'DESC' || m.order!.each ? ' WHERE count > 0' : '';
  // (Counted through a joined thing too, "branches by the members who borrowed their books": each member once per branch, however many of its books they borrowed.)
  return `${optional} WITH ${focus}, count(DISTINCT ${counted}) AS count${some} ${ranked('count')}`;
}

/** Both values side by side: `name, value, other, other_value` (what the comparison sentence reads). */
function compareCypher(m: Meaning, ask: Extract<Meaning['ask'], { kind: 'compare' }>, byId: Map<string, MeaningNode>): string {
  const a = byId.get(ask.a)!;
  const b = byId.get(ask.b)!;
  const declared = new Set<string>();
  const nameOf = (n: MeaningNode) => `${n.id}.${cypherName(focusNameKey(n))}`;
  const whereOf = (n: MeaningNode) => {
    const w = anchorConditions(n);
    return w.length ? ` WHERE ${w.join(' AND ')}` : '';
  };
  if ('key' in ask.by) {
    const p = cypherName(ask.by.key);
    const where = [...anchorConditions(a), ...anchorConditions(b)];
    return `MATCH ${nodePattern(a, declared)}, ${nodePattern(b, declared)}${where.length ? ` WHERE ${where.join(' AND ')}` : ''} RETURN ${nameOf(a)} AS name, ${a.id}.${p} AS value, ${nameOf(b)} AS other, ${b.id}.${p} AS other_value`;
  }
  const by = ask.by;
  const hop = (from: string, v: string) => (by.forward ? `(${from})-[:${cypherName(by.type)}]->(${v}:${cypherName(by.label)})` : `(${from})<-[:${cypherName(by.type)}]-(${v}:${cypherName(by.label)})`);
  return (
    `MATCH ${nodePattern(a, declared)}${whereOf(a)} OPTIONAL MATCH ${hop(a.id, 'x')} WITH ${a.id}, count(DISTINCT x) AS value ` +
    `MATCH ${nodePattern(b, declared)}${whereOf(b)} OPTIONAL MATCH ${hop(b.id, 'y')} ` +
    `RETURN ${nameOf(a)} AS name, value, ${nameOf(b)} AS other, count(DISTINCT y) AS other_value`
  );
}

function havingWith(m: Meaning): string {
  return (m.having ?? []).map((h, i) => `, count(DISTINCT ${h.times ? timesCounted(m, h.count) : h.count}) AS c${i}`).join('');
}

/** "inspected twice": how often is how many relationships reach the thing counted (one thing may be reached twice), else the things. */
function timesCounted(m: Meaning, id: string): string {
  const i = m.edges.findIndex((e) => !e.negated && (e.from === id || e.to === id));
  return i < 0 ? id : edgeVar(i);
}

/** A count compares as a number: a text comparison said of one is equality. */
const countOp = (op: string) => (op === 'contains' || op === 'starts' || op === 'ends' ? '=' : op);

function havingWhere(m: Meaning): string {
  return (m.having ?? []).map((h, i) => `c${i} ${countOp(h.op)} ${h.all ? everyOne(m, h.count) : cypherValue(h.value)}`).join(' AND ');
}

/** How many things of a node's label (with its conditions) the graph has: "every intro course" is as many as that. */
function everyOne(m: Meaning, id: string): string {
  const node = m.nodes.find((n) => n.id === id);
  if (!node?.label) throw new Error(`“every” of a thing without a label (${id})`);
  const where = node.conditions.map((c) => conditionText('x', c, node)).join(' AND ');
  return `COUNT { (x:${cypherName(node.label)})${where ? ` WHERE ${where}` : ''} }`;
}

const focusNameKey = (node: MeaningNode): string => node.nameKey ?? node.anchor?.nameKey ?? 'name';

function namesOf(keys: string[]): string {
  return [...keys, 'name', 'title'].filter((k, i, all) => all.indexOf(k) === i).map((k) => `x.${cypherName(k)}`).join(', ');
}
