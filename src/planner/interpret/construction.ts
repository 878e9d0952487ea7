import { channel } from 'node:diagnostics_channel';

/**
 * A construction of English the interpreter knows ("between 20 and 40", "the most reviews", "how
 * many seats does X have"): a name, and how it reads a question at a place. The interpreter keeps
 * its constructions in tables, one per thing it reads (a whole form, how a relationship's word or
 * a role noun joins things, a condition, what is asked, what a ranking ranks by, a quantifier it
 * declines), and tries each table's entries in order: the first that reads the words wins. Adding a
 * construction adds an entry to a table, and its questions to that table's tests
 * (test/planner/constructions/), which fail for an entry no question is read by.
 *
 * `read` returns undefined when the words are not its construction, so the next entry is tried;
 * anything else is its reading (or why it cannot read them), and ends the search.
 */
export interface Construction<In, Out> {
  readonly name: string;
  readonly read: (input: In) => Out | undefined;
}

/** A table of constructions, tried in order, named for what its entries read. */
export interface ConstructionTable<In, Out> {
  readonly reads: string;
  readonly entries: readonly Construction<In, Out>[];
}

/**
 * Published on each construction that reads a question (only while someone listens): which table
 * and which entry. The construction tests listen to check that each entry reads its questions.
 */
export const CONSTRUCTION_CHANNEL = 'cqks:planner:construction';
const constructionsRead = channel(CONSTRUCTION_CHANNEL);

export interface ConstructionRead {
  table: string;
  name: string;
}

/** A table from its entries in the order written, each named by its key. */
export function constructionTable<In, Out>(reads: string, entries: Record<string, (input: In) => Out | undefined>): ConstructionTable<In, Out> {
  return { reads, entries: Object.entries(entries).map(([name, read]) => ({ name, read })) };
}

/** The reading of the first entry of `table` that reads `input`, or undefined when none does. */
export function readFirst<In, Out>(table: ConstructionTable<In, Out>, input: In): Out | undefined {
  for (const entry of table.entries) {
    const out = entry.read(input);
    if (out === undefined) continue;
    if (constructionsRead.hasSubscribers) constructionsRead.publish({ table: table.reads, name: entry.name } satisfies ConstructionRead);
    return out;
  }
  return undefined;
}
