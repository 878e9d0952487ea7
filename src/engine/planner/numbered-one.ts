import type { GraphStore } from '../../stores/graph/port.js';
import { buildThingsOfCypher } from './cypher-builder.js';
import type { Meaning } from './meaning.js';
import { READING_CHOICE_ID_MAX } from './plan.js';

/**
 * "the switches in rack 1": one thing, said in the singular by a number its label's things may
 * share (four racks are numbered 1, one in each zone). When the graph has several, the reading
 * would answer for all of them as if they were one; the person asking is asked which they mean,
 * by name, instead (askWhichOne). The choice comes back as the thing's key and name, and the
 * reading then names it (numberedChosen).
 */
export interface NumberedOne {
  /** The meaning node said so. */
  node: string;
  label: string;
  /** The property that names the label's things (what the choices show). */
  nameKey: string;
  /** As said ("rack 1"). */
  words: string;
  /** The label's things in the plural ("racks"). */
  plural: string;
}

/** Most things offered by name; past it, the person asking is told to name the one they mean. */
export const NUMBERED_CHOICES_MAX = 8;

const PREFIX = 'one:';

interface Picked {
  label: string;
  words: string;
  key: string;
  name: string;
}

const choiceId = (picked: Picked) => PREFIX + JSON.stringify([picked.label, picked.words, picked.key, picked.name]);

/** The thing chosen for `words` of `label` among the choices made, if one was. */
export function numberedChosen(chosen: readonly string[], label: string, words: string): { key: string; name: string } | undefined {
  for (const id of chosen) {
    if (!id.startsWith(PREFIX)) continue;
    try {
      const [l, w, key, name] = JSON.parse(id.slice(PREFIX.length)) as unknown[];
      if (l === label && w === words && typeof key === 'string' && typeof name === 'string') return { key, name };
    } catch {
      // Not a choice of this kind: another's id that happens to start alike.
    }
  }
  return undefined;
}

/**
 * Which of several things the singular words mean, asked of the graph: undefined when one (or
 * none) has the number where the rest of the question puts it ("rack 10 in zone 2"), else why the question cannot be answered as asked and, when few enough to
 * list, their names to choose from.
 */
export async function askWhichOne(
  one: NumberedOne,
  meaning: Meaning,
  graph: Pick<GraphStore, 'runReadOnly'>,
): Promise<{ reason: string; choices?: { id: string; label: string }[] } | undefined> {
  const { rows } = await graph.runReadOnly(buildThingsOfCypher(meaning, one.node, one.nameKey, NUMBERED_CHOICES_MAX + 1));
  if (rows.length < 2) return undefined;
  const found = rows.map((r) => ({ name: r.name, key: r.key }));
  const named = found.filter((f): f is { name: string; key: string } => typeof f.name === 'string' && typeof f.key === 'string');
  const choices = named.map((f) => ({ id: choiceId({ label: one.label, words: one.words, key: f.key, name: f.name }), label: f.name }));
  const distinct = new Set(named.map((f) => f.name)).size === named.length;
  // Offered only when each can be told by its name and passed back whole.
  if (rows.length > NUMBERED_CHOICES_MAX || named.length < rows.length || !distinct || choices.some((c) => c.id.length > READING_CHOICE_ID_MAX)) {
    return { reason: `More than one of the ${one.plural} is “${one.words}”: please name the one you mean` };
  }
  return { reason: `${rows.length} ${one.plural} are “${one.words}”: which one do you mean?`, choices };
}
