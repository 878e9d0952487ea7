/**
 * Classes of words the interpretation tests a question's words against (English, not any graph),
 * each named for what it is: one lexicon instead of word patterns scattered through interpret/.
 * A word is tested as the question writes it, in lower case.
 */

/** A class of words. */
const wordClass = (...words: string[]): ReadonlySet<string> => new Set(words);

/** Participles between a quoted text and the property that holds it ("'voyage' mentioned in the blurb"). */
export const MENTIONED = wordClass('mentioned', 'named', 'written', 'used', 'quoted', 'cited', 'appearing', 'found');

/** Words between a number and the things it counts that say which of them count ("5 other persons"). */
export const SORTS_OF_COUNTED = wordClass('other', 'different', 'distinct', 'unique', 'separate');

/** Words that may stand between a denial and what it denies ("no projects", "do not have any", "with no single copy"). */
export const DENIAL_GAP = wordClass('a', 'an', 'any', 'the', 'have', 'has', 'had', 'having', 'with', 'do', 'does', 'did', 'single', 'one', 'got', 'own', 'owns', 'owned');

export const JOINTLY = wordClass('both', 'together', 'jointly');

export const PATH_WORDS = wordClass('connect', 'connected', 'connection', 'relate', 'related', 'relation', 'relationship', 'link', 'linked', 'path');

export const MORE = wordClass('more', 'greater', 'higher', 'larger', 'bigger', 'later', 'after', 'longer', 'newer', 'taller', 'heavier');

export const LESS = wordClass('less', 'fewer', 'lower', 'smaller', 'earlier', 'before', 'shorter', 'lighter');

export const AGE = wordClass('older', 'younger');

/** Prepositions a street is said with, with no verb before them ("shops on 'Quay St'"). */
export const STREET_PREPOSITIONS = wordClass('on', 'along');

export const YES_NO_OPENERS = wordClass('does', 'do', 'did', 'is', 'are', 'was', 'were', 'has', 'have', 'had', 'can');

/** "What do/does/did" or "who(m) do …": the words after the auxiliary are the verb's subject, not what is asked. */
export const ASKS_OBJECT = wordClass('what', 'who', 'whom');

export const DO_FORMS = wordClass('do', 'does', 'did');

/** The last word of a property that identifies rather than measures ("customerId"): no ranking is offered by it. */
export const IDENTIFIER_WORDS = wordClass('id', 'key', 'code', 'uuid');

/** Verbs that only carry another: "have been reviewed", "do they own". */
export const AUXILIARIES = wordClass('be', 'is', 'have', 'has', 'do', 'does', 'did', 'get', 'got');

/** Words of an order's direction. */
export const DOWNWARD = wordClass('descending', 'decreasing', 'desc', 'reverse');

export const UPWARD = wordClass('ascending', 'increasing', 'asc');

/** Verbs that say only that two things are joined, in whatever way ("connected to", "linked with"). */
export const ASSOCIATION_VERBS = wordClass('connect', 'link', 'relate', 'associate', 'attach', 'tie', 'join', 'bind', 'couple');

export const DIFFERENCE = wordClass('different', 'distinct', 'unique');

/** Words that say "kinds of" ("types of services", "what sort of parts"). */
export const KIND_WORDS = wordClass('type', 'kind', 'sort', 'variety');

export const PLACE_LINKS = wordClass('from', 'in', 'at', 'located', 'based', 'situated');

export const PRONOUN = wordClass('it', 'he', 'she', 'they', 'them', 'him', 'her', 'this', 'that', 'these', 'those');

/** "in", "within": where a text is looked for ("the word 'love' in their tagline"). */
export const WITHIN = wordClass('in', 'within');

/** The forms of "be" before a participle ("is located", "were born"). */
export const BE_FORMS = wordClass('is', 'are', 'was', 'were', 'be', 'been');

/** "their corresponding categories", "its respective owner". */
export const CORRESPONDING = wordClass('corresponding', 'respective');

/** Words before what a listed thing has ("and their categories", "with its owner"). */
export const THEIR = wordClass('their', 'its', 'the');

/** A thing's name asked as such ("and their names", "titles"). */
export const NAME_WORDS = wordClass('name', 'names', 'title', 'titles');

/** Words that join two parts of a question ("and", "or", "but"). */
export const CONJUNCTIONS = wordClass('and', 'or', 'but');

/** Words between the two ends of a range ("between 20 and 40", "from 1990 to 2000"). */
export const RANGE_JOINERS = wordClass('and', 'to');

/** "before", "after": a date compared. */
export const BEFORE_AFTER = wordClass('before', 'after');

/** Words that order two moments. */
export const TIME_ORDER_WORDS = wordClass('before', 'after', 'earlier', 'later');

/** "each", "per", "every": a count or value per group. */
export const EACH_WORDS = wordClass('each', 'per', 'every');

/** "every", "all": each one of them. */
export const EVERY_WORDS = wordClass('every', 'all');

/** "first", "last". */
export const FIRST_LAST = wordClass('first', 'last');

/** Words of having ("with", "has"). */
export const HAVE_WORDS = wordClass('have', 'has', 'had', 'with');

/** "most", "fewest", "least": a ranking by how many. */
export const MOST_LEAST = wordClass('most', 'fewest', 'least');

/** The words of a ranking's extreme ("the most", "the highest number of"). */
export const RANK_EXTREMES = wordClass('most', 'fewest', 'least', 'highest', 'lowest', 'largest', 'smallest', 'greatest');

/** "no", "none". */
export const NO_NONE = wordClass('no', 'none');

/** Prepositions that link a thing to another ("of", "in", "at", …). */
export const LINKING_PREPOSITIONS = wordClass('of', 'in', 'for', 'on', 'at', 'to');

/** "or", "and". */
export const AND_OR = wordClass('or', 'and');


/** Words for a person in general. */
export const SOMEONE = wordClass('someone', 'somebody', 'anyone', 'anybody', 'people', 'person');

/** "that", "who", "which" opening a relative clause. */
export const RELATIVE_PRONOUNS = wordClass('that', 'who', 'which');

/** "they", "them", "their". */
export const THEY = wordClass('they', 'them', 'their');

/** "they", "them", "those", "these". */
export const THEY_THOSE = wordClass('they', 'them', 'those', 'these');

/** "top", "first": the first few of a ranking. */
export const TOP_FIRST = wordClass('top', 'first');

/** "what", "which". */
export const WHAT_WHICH = wordClass('what', 'which');

/** "what", "who", "which". */
export const WHAT_WHO_WHICH = wordClass('what', 'who', 'which');

/** Words that name a piece of text ("the word 'love'"). */
export const TEXT_WORDS = wordClass('word', 'words', 'phrase', 'term', 'text');

/** "the", "their". */
export const THE_THEIR = wordClass('the', 'their');

/** Words for a year or a date ("the year", "the date"). */
export const YEAR_OR_DATE = wordClass('year', 'years', 'date');
