import { identifierWords } from './words.js';

/**
 * Which things a pronoun can stand for: she/he (and her, him, his) for people, it (its) for
 * anything else, they (them, their) for either. Whether a label is of people is read from the
 * label's own words and, failing that, from properties only people have, so it works on any graph.
 */

export type PronounKind = 'person' | 'thing' | 'any';

export const PRONOUN_KINDS: Readonly<Record<string, PronounKind>> = {
  she: 'person', her: 'person', hers: 'person', he: 'person', him: 'person', his: 'person',
  it: 'thing', its: 'thing', they: 'any', them: 'any', their: 'any', theirs: 'any',
};

/** Words that name people in a label ("Person", "ResearchStudent", "Actor"). */
const PERSON_WORDS = new Set([
  'person', 'people', 'human', 'user', 'author', 'actor', 'actress', 'employee', 'member', 'researcher', 'scientist', 'student',
  'customer', 'patient', 'player', 'director', 'writer', 'producer', 'character', 'artist', 'musician', 'teacher', 'professor',
  'doctor', 'engineer', 'manager', 'founder', 'contact', 'individual', 'worker', 'staff', 'reviewer', 'speaker', 'athlete',
]);
/** Properties only people have. */
const PERSON_PROPERTIES = new Set(['born', 'birth_date', 'birthday', 'date_of_birth', 'birthplace', 'gender', 'first_name', 'last_name', 'surname', 'given_name', 'family_name', 'email']);

export function isPersonLabel(label: string, properties: readonly string[] = []): boolean {
  if (identifierWords(label).some((w) => PERSON_WORDS.has(w))) return true;
  return properties.some((p) => PERSON_PROPERTIES.has(p.toLowerCase()));
}

/** Whether the pronoun can stand for a thing of `label`. */
export function pronounFits(pronoun: string, label: string, properties: readonly string[] = []): boolean {
  const kind = PRONOUN_KINDS[pronoun.toLowerCase()] ?? 'any';
  if (kind === 'any') return true;
  return (kind === 'person') === isPersonLabel(label, properties);
}
