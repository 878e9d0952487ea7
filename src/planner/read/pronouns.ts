import { wordTable } from '../../platform/word-table.js';
import { PERSON_WORDS } from './cues.js';
import { identifierWords } from './words.js';

/**
 * Which things a pronoun can stand for: she/he (and her, him, his) for people, it (its) for
 * anything else, they (them, their) for either. Whether a label is of people is read from the
 * label's own words and, failing that, from properties only people have, so it works on any graph.
 */

export type PronounKind = 'person' | 'thing' | 'any';

export const PRONOUN_KINDS: Readonly<Record<string, PronounKind>> = wordTable({
  she: 'person', her: 'person', hers: 'person', he: 'person', him: 'person', his: 'person',
  it: 'thing', its: 'thing', they: 'any', them: 'any', their: 'any', theirs: 'any',
});

/** Properties only people have, in any case style (`birth_date`, `birthDate`, `firstName`). */
const PERSON_PROPERTIES = new Set(['born', 'birthdate', 'birthday', 'dateofbirth', 'birthplace', 'gender', 'firstname', 'lastname', 'surname', 'givenname', 'familyname', 'email']);

/** Words that name people in a label ("Person", "ResearchStudent", "Sailor"). */
export function isPersonLabel(label: string, properties: readonly string[] = []): boolean {
  if (identifierWords(label).some((w) => PERSON_WORDS.has(w) || w === 'actress')) return true;
  return properties.some((p) => PERSON_PROPERTIES.has(p.toLowerCase().replace(/[^a-z]/g, '')));
}

/** Whether the pronoun can stand for a thing of `label`. */
export function pronounFits(pronoun: string, label: string, properties: readonly string[] = []): boolean {
  const kind = PRONOUN_KINDS[pronoun.toLowerCase()] ?? 'any';
  if (kind === 'any') return true;
  return (kind === 'person') === isPersonLabel(label, properties);
}
