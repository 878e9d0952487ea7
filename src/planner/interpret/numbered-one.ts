
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

export const choiceId = (picked: Picked) => PREFIX + JSON.stringify([picked.label, picked.words, picked.key, picked.name]);

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
