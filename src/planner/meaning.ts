/**
 * A question's meaning, between its words and Cypher: a small pattern of things (nodes, some
 * of them named anchors) joined by relationships, conditions on both, what is asked of the
 * focus, and an order with a limit. The Cypher builder (cypher-builder.ts) writes it out; the
 * answer (meaning-answer.ts) says it back in words. Nothing here knows any graph.
 */

export type CompareOp = '=' | '<>' | '<' | '<=' | '>' | '>=' | 'contains' | 'starts' | 'ends' | 'exists';

export interface Condition {
  key: string;
  op: CompareOp;
  value: string | number | boolean;
  /** How the condition is said ("after 2000", "between 10 and 20"). */
  words: string;
  /** Text compared as written (quoted in the question), not whatever its case. */
  exact?: boolean;
  /** The property holds a list: the comparison holds for one of its items ("tags containing 'voy'", "a tag listed as 'sea'"). */
  list?: boolean;
  /** Compared with the same property of this other node, not with `value` ("on the same street as Kiln Pots"). */
  sameAs?: string;
  /** Compared with another value of the same thing, the property of this key, not with `value` ("a sender country different from the receiver country"). */
  otherKey?: string;
}

/** A thing named in the question, as resolved in the graph. */
export interface Anchor {
  name: string;
  nameKey: string;
  /** The store's key, when the name alone is not unique. */
  key?: string;
  unique: boolean;
  /** The name of many things of its label (resolve.ts SHARED_NAME_MIN): all of them are meant. */
  shared?: true;
}

export interface MeaningNode {
  id: string;
  label?: string;
  /** The property that names things of its label. */
  nameKey?: string;
  /**
   * No one label but any of a family ("where": a `City`, a `Country` or a `Place`, the broad
   * label documents give a place they only mention), and the word the answer calls them by.
   */
  family?: { word: string; labels: string[] };
  anchor?: Anchor;
  conditions: Condition[];
  /** A thing the question does not name, only passes through ("hotels reviewed by critics": the reviews). */
  implicit?: boolean;
  /**
   * How many things it is joined to, as a condition of its own ("companies that filed more than 3
   * reports", said of companies that are not what is asked): set by nested-counts.ts, written as a
   * COUNT subquery.
   */
  counts?: { edge: MeaningEdge; counted: MeaningNode; op: CompareOp; value: number }[];
  /**
   * Stands for the things holding a value, read by that value: the answer lists the values of `key`
   * ("the towns bakeries are in"), each with what is counted of the things that hold it.
   */
  group?: { key: string; words: string[] };
  /** Keys of this node's values that are the days between two of its dates (link/spans.ts), by key. */
  spans?: Record<string, { from: string; to: string }>;
}

export interface MeaningEdge {
  from: string;
  to: string;
  type: string;
  conditions: Condition[];
  /** The pattern must not exist ("people who did not act in …"). */
  negated?: boolean;
  /** Other types any one of which joins them instead ("directed or produced"). */
  orTypes?: string[];
  /**
   * The type the question said, when it is read as its kin that hold what the question says of it
   * ("interact in book 1": INTERACTS said, INTERACTS1 or … read; interpret-joins.ts): how the answer says it.
   */
  said?: string;
  /** Either way round: a relationship between peers, named so ("linked to", "married to"). */
  either?: boolean;
}

/** An edge's type and its alternatives, in the question's order. */
export const typesOf = (e: Pick<MeaningEdge, 'type' | 'orTypes'>): string[] => [e.type, ...(e.orTypes ?? [])];

/** What the answer reports about the focus. */
export type Ask =
  /** `as`: the column a value is shown as when not its key (another thing's name shown as `category`). */
  | { kind: 'list'; extra: { of: string; key: string; edge?: boolean; as?: string }[] }
  | { kind: 'count' }
  | { kind: 'value'; of: string; key: string; edge?: boolean }
  | { kind: 'aggregate'; fn: 'avg' | 'sum' | 'min' | 'max'; of: string; key: string; edge?: boolean }
  | { kind: 'exists' }
  | { kind: 'path'; a: string; b: string; nameKeys: string[] }
  /** Who or what a named thing is: the thing itself. */
  | { kind: 'lookup' }
  /** Two named things compared by a value or by how many related things each has ("Does X have more … than Y?"). */
  | { kind: 'compare'; a: string; b: string; by: { key: string } | { type: string; forward: boolean; label: string }; more: boolean };

export interface Ordering {
  /** A property of a node or edge, an aggregate of one per focus ("the highest average rating"), or how many of `count` each focus has. */
  by:
    | { of: string; key: string; edge?: boolean }
    /** `size`: the values are lists, and what is aggregated is how many items each holds ("the most roles"). */
    /** `distinct`: what is ranked is how many different values the things hold ("the most diverse genres"); `aggregate` is then unused. */
    | { aggregate: 'avg' | 'sum' | 'min' | 'max'; of: string; key: string; edge?: boolean; size?: boolean; distinct?: 'values' }
    | { count: string; /** The noun the question counted them by ("followers", "reviews"). */ said?: string };
  direction: 'ASC' | 'DESC';
  /** The superlative the question ranked with ("oldest", "most expensive", "highest rated"), for the answer to say it back. */
  said?: string;
  /** What it ranks by is a date or a year: the answer says "latest" and "earliest". */
  dated?: boolean;
  /**
   * A ranking of another thing than the focus picks this many of those ("the movies of the 3 oldest
   * actors"); every focus thing joined to them is listed (`limit` is the list's).
   */
  pick?: number;
  /** "The first 3 movies": listed in date order, those without a date last; not a ranking. */
  chronological?: boolean;
  /**
   * "How many reviews does each user have?", "the keepers from most to fewest dogs": every focus
   * thing that has any with its count (the answer says how many have none); not a ranking.
   */
  each?: boolean;
  /** "sorted by price", "from the oldest to the newest": every thing in this order, those without the value last; not a ranking. */
  sorted?: boolean;
}

/** A condition on how many of a node the focus is joined to ("with more than 3 movies"). */
export interface CountCondition {
  count: string;
  op: CompareOp;
  value: number;
  words: string;
  /** Said as a verb's object ("companies that filed more than 3 reports"): counted for that verb's subject, whatever is asked. */
  byVerb?: boolean;
  /** "captains who command every vessel": as many as the graph has things of the counted label (`value` is 1 for "every", 2 for "all", as said). */
  all?: boolean;
  /** Said as how often ("inspected more than once", "3 times"): said after the verb, not before the thing counted. */
  times?: boolean;
}

export interface Meaning {
  nodes: MeaningNode[];
  edges: MeaningEdge[];
  focus: string;
  ask: Ask;
  order?: Ordering;
  limit?: number;
  /** The question said how many ("the 3 …"), rather than the planner choosing. */
  limitSaid?: boolean;
  /** "The top 5 …" where the question names nothing to rank by: `limit` of them, in no particular order. */
  unranked?: boolean;
  having?: CountCondition[];
  /** Pairs of nodes that must be different things ("works at the same company as X": not X). */
  distinct?: [string, string][];
}

/** The edges' end variables and types in order, for sentences and for checks. */
export const nodeOf = (m: Meaning, id: string) => m.nodes.find((n) => n.id === id)!;

/**
 * The meaning without the counted thing `id` and its relationships, and without what only it
 * reached: the groups a count per group is over ("each country" with or without entities).
 */
export function leavingOut(m: Meaning, id: string): Meaning {
  const edges = m.edges.filter((e) => e.from !== id && e.to !== id);
  const reached = new Set([m.focus]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const e of edges) {
      if (reached.has(e.from) === reached.has(e.to)) continue;
      reached.add(e.from).add(e.to);
      grew = true;
    }
    // A value compared with another thing's ("the same street as Kiln Pots") needs that thing.
    for (const n of m.nodes.filter((x) => reached.has(x.id))) {
      for (const c of n.conditions) {
        if (!c.sameAs || reached.has(c.sameAs)) continue;
        reached.add(c.sameAs);
        grew = true;
      }
    }
  }
  return { ...m, nodes: m.nodes.filter((n) => reached.has(n.id)), edges: edges.filter((e) => reached.has(e.from)), distinct: m.distinct?.filter((pair) => pair.every((x) => reached.has(x))) };
}

/** Most rows a list asks for (the store's row limit still applies, and the answer says when it cut). */
export const LIST_LIMIT = 1000;
