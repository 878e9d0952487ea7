/**
 * The few word lists free-text extraction needs beyond what compromise knows: the job titles
 * the relation patterns read ("X, CEO of Y"), which are also never names on their own, and
 * the words that are never a name even when capitalized.
 */

/**
 * Titles the WORKS_AT patterns accept, longest first so a regex alternation prefers "chief
 * executive officer" to "chief executive". Founders are read as FOUNDED (see text-patterns.ts).
 */
export const TITLES = [
  'chief executive officer',
  'chief technology officer',
  'chief financial officer',
  'chief operating officer',
  'chief marketing officer',
  'chief medical officer',
  'chief product officer',
  'chief information officer',
  'chief executive',
  'chief scientist',
  'managing director',
  'executive director',
  'general manager',
  'general counsel',
  'vice president',
  'chairwoman',
  'chairperson',
  'chairman',
  'chair',
  'president',
  'director',
  'partner',
  'ceo',
  'cto',
  'cfo',
  'coo',
  'cio',
  'cmo',
  'co-founder',
  'cofounder',
  'founder',
] as const;

export const FOUNDER_TITLES = new Set(['co-founder', 'cofounder', 'founder']);

/** Words that are titles or parts of one: a candidate made only of these is no name ("CTO", "Chief Scientist"). */
const TITLE_WORDS = new Set([
  ...TITLES.flatMap((t) => t.split(' ')),
  'officer',
  'head',
  'coach',
  'councillor',
  'councilor',
  'minister',
  'senator',
  'mayor',
  'governor',
  'secretary',
  'spokesperson',
  'spokesman',
  'spokeswoman',
  'manager',
  'executive',
  'engineer',
  'professor',
  'mr',
  'mrs',
  'ms',
  'miss',
  'mx',
  'dr',
  'prof',
  'sir',
  'dame',
  'lord',
  'lady',
  'rev',
  'hon',
]);

export const isTitleWord = (word: string) => TITLE_WORDS.has(word.toLowerCase().replace(/\.$/, ''));

/** Month and day names: after "in", "since", "on"... they are dates, even where compromise takes "April" for a first name. */
const CALENDAR_WORDS = new Set(
  'january february march april may june july august september october november december monday tuesday wednesday thursday friday saturday sunday'.split(' '),
);
const TEMPORAL_PREPOSITIONS = new Set(['in', 'on', 'since', 'until', 'till', 'by', 'from', 'during', 'before', 'after']);

/** "April" in "In April Maren Holt left". */
export const isDateAfter = (previous: string | undefined, word: string) =>
  previous !== undefined && TEMPORAL_PREPOSITIONS.has(previous.toLowerCase()) && CALENDAR_WORDS.has(word.toLowerCase());

/** A role as a property value: acronyms upper case ("CEO"), other titles lower case ("chief scientist"). */
export function roleOf(written: string): string {
  const role = written.trim().replace(/\s+/g, ' ');
  return /^c[a-z]o$/i.test(role) ? role.toUpperCase() : role.toLowerCase();
}

/**
 * Head words of company names compromise does not list (it has "group", "labs", "bank", ...):
 * a capitalized name ending in one is an organization ("Halvorsen Biotech"). Only words that
 * are rarely a verb, so "Ana works at" does not make "Ana works" a company.
 */
export const EXTRA_ORG_WORDS = [
  'analytics',
  'automotive',
  'biotech',
  'freight',
  'health',
  'laboratories',
  'lab',
  'logistics',
  'pharma',
  'robotics',
  'software',
  'solar',
  'studios',
  'technologies',
  'textiles',
  'therapeutics',
  'trust',
  'ventures',
] as const;
