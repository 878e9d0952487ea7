import type { GraphStore } from '../../stores/graph/port.js';
import { buildThingsOfCypher } from './cypher-builder.js';
import type { Meaning } from '../meaning.js';
import { choiceId, NUMBERED_CHOICES_MAX } from '../interpret/numbered-one.js';
import type { NumberedOne } from '../interpret/numbered-one.js';
import { READING_CHOICE_ID_MAX } from '../plan.js';

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
