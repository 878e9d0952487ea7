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
export const DENIAL_GAP = wordClass('a', 'an', 'any', 'the', 'have', 'has', 'had', 'having', 'with', 'do', 'does', 'did', 'single', 'one', 'got', 'own', 'owns', 'owned', 'been', 'be', 'being', 'ever', 'yet');

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
/** Two values said to be one (values-compared.ts) … */
export const SAME_VALUE = wordClass('same', 'identical');
/** … or not. */
export const OTHER_VALUE = wordClass('different', 'differ', 'differs');
/** Words between two values and what is said of them ("are located in the same …"). */
export const VALUES_COMPARED_LINKS = wordClass('are', 'is', 'were', 'was', 'be', 'have', 'has', 'had', 'that', 'which', 'both', 'located', 'based', 'from', 'in', 'at', 'of', 'with', 'the', 'each');

/** Words that say "kinds of" ("types of services", "what sort of parts"). */
export const KIND_WORDS = wordClass('type', 'kind', 'sort', 'variety');

export const PLACE_LINKS = wordClass('from', 'in', 'at', 'located', 'based', 'situated');

/** Words that say where a thing is or comes from, right before a value ("members from 'Kent'", "members in 'Lyon'"). */
export const FROM_IN_AT = wordClass('from', 'in', 'at');

/** Words after which a kind and a number say where a thing is ("sheds in row 3", "seats on deck 2"). */
export const IN_ON_AT = wordClass('in', 'on', 'at');

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
/** "the most diverse roles", "the widest variety of genres": how many different values, after a ranking word (rank-constructions.ts). */
export const VARIETY_WORDS = wordClass('diverse', 'different', 'distinct', 'unique', 'varied', 'variety', 'range');

/** The words of a ranking's extreme ("the most", "the highest number of"). */
/** "the most common …": a value ranked by how many things hold it (value-groups.ts). */
export const COMMON_WORDS = wordClass('common', 'frequent');
/** Words between a value grouped by and the ranking of it ("the town that has the most …"). */
export const GROUP_LINKS = wordClass('has', 'have', 'had', 'with', 'that', 'is', 'are', 'the');
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

/** Possessive pronouns before the things a thing said before has ("Kiln Pots and its reviews"). */
export const POSSESSIVES = wordClass('its', 'their', 'his', 'her');

/** Pronouns for a thing said before in the same question, after a verb of association ("associated with it"). */
export const BACK_PRONOUNS = wordClass('it', 'them');

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

/** Words before the first and the second date a span of time is said between ("from start date to end date", "between opened and closed"). */
export const SPAN_FROM = wordClass('from', 'between');
export const SPAN_TO = wordClass('to', 'and', 'until', 'till');

/** Words before what joins two things ("connected by RAIL_LINK", "linked via a FERRY relationship"). */
export const BY_WAY_OF = wordClass('by', 'via', 'through');

/** The unit a span of time is counted in ("more than 30 days"). */
export const DAY_WORDS = wordClass('day', 'days');

/** Words for a year or a date ("the year", "the date"). */
export const YEAR_OR_DATE = wordClass('year', 'years', 'date');

/** Words before a thing a value is taken over, not listed ("the highest rating of any movie", "of all voyages"). */
export const TAKEN_OVER = wordClass('any', 'all', 'of', 'the');

/** Openers of a question that asks for a value rather than the things that have it ("What is the highest rating?"). */
export const VALUE_OPENERS = wordClass('what', 'show', 'give', 'find', 'tell');

/** "they" and its forms, contractions included, straight or curly ("they've", "they’re"). */
export const THEY_FORMS = wordClass(...['they', 'them', 'their'], ...['ve', 're', 'd', 'll'].flatMap((end) => [`they'${end}`, `they’${end}`]));

/** Words that may stand between a verb and the value it compares ("released in 2001", "is after 2000"). */
export const BEFORE_A_VALUE = wordClass('is', 'are', 'was', 'were', 'be', 'been', 'have', 'has', 'had', 'in', 'on', 'of', 'with', 'the', 'a', 'an');

/** Words that say a text is a thing's name or title ("named 'Petrel'", "the title 'Dune'"). */
export const NAMING_WORDS = wordClass('name', 'names', 'title', 'titles', 'named', 'titled', 'called');

/** Words that may stand between a thing and the text said of it ("whose motto is", "that has the note"). */
export const BEFORE_A_TEXT = wordClass('a', 'an', 'the', 'its', 'their', 'his', 'her', 'whose', 'that', 'which', 'who', 'is', 'are', 'has', 'have');

/** Keys of the number a thing is known by ("gate 7": its `number`, `no`, `id`). */
export const NUMBER_KEYS = wordClass('id', 'number', 'no', 'num');

/** Words that only announce a text compared ("containing the word 'journey'"). */
export const TEXT_ANNOUNCERS = wordClass('the', 'a', 'an', 'word', 'words', 'phrase', 'term', 'text', 'string', 'letter', 'letters');

export const A_AN_ANY = wordClass('a', 'an', 'any');

export const WHERE_WHOSE = wordClass('where', 'whose');

/** Words after which things are picked by a value of their own ("the parcels whose weight is the minimum", "ships with the maximum tonnage"). */
export const HAVING_WORDS = wordClass('whose', 'with', 'having', 'have', 'has', 'had');

/** Words that make a thing another than one named before it ("a different movie"). */
export const OTHER_WORDS = wordClass('different', 'another', 'other');

/** Words that may lead what a copula names ("Who are the top 3 captains"). */
export const LEADS_OF_A_LIST = wordClass('the', 'a', 'an', 'top', 'first', 'last');

/** Words of how many that may stand before the things counted ("more than 5 cranes", "at least 2 tools"). */
export const HOW_MANY_LEADS = wordClass('more', 'less', 'fewer', 'than', 'at', 'least', 'most', 'over', 'under', 'exactly', 'only', 'just', 'up', 'to');

/** Verbs (as lemmas) that say nothing of the graph: being, having, asking, showing. */
export const EMPTY_VERBS = wordClass('be', 'is', 'have', 'do', 'does', 'did', 'get', 'make', 'exist', 'include', 'involve', 'list', 'show', 'give', 'tell', 'find', 'name', 'return', 'display', 'provide', 'want', 'know', 'see', 'happen');

/** Words that may stand between a ranking word and what it ranks by ("the highest number of", "the most different"). */
export const BEFORE_RANKED = wordClass('the', 'a', 'an', 'of', 'in', 'by', 'number', 'different', 'distinct', 'unique');

/** Verbs of a request for how many to show ("Limit to 5", "Restrict the list to the first 3"). */
export const LIMIT_VERBS = wordClass('limit', 'restrict', 'cap');

/** What such a request limits: the answer itself, said in any of these words. */
export const ANSWER_WORDS = wordClass('the', 'result', 'results', 'row', 'rows', 'output', 'answer', 'answers', 'list', 'lists', 'them', 'it', 'those', 'these', 'entries', 'records', 'items', 'response', 'just', 'only');

/** Verbs that put a list in order ("sorted by", "ordered by", "arranged by"), as lemmas. */
export const SORT_VERBS = wordClass('sort', 'order', 'arrange', 'organise', 'organize');

/** Words that may stand between "by" and what it orders by ("by their price"). */
export const BEFORE_ORDERED = wordClass('the', 'their', 'its', 'his', 'her');

/** Words that link a property to the value said of it ("whose name is 'X'", "a status of pending"). */
export const VALUE_LINKS = wordClass('of', 'is', 'was', 'are', 'were', 'as', 'equals', '=', ':');

/** The place properties a preposition looks for first: a street "on", a town "in", an address "at". */
export const PLACES_BY_PREPOSITION: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['on', wordClass('street', 'road', 'address', 'avenue')],
  ['along', wordClass('street', 'road', 'address', 'avenue')],
  ['in', wordClass('city', 'town', 'state', 'country', 'region', 'area', 'county', 'province', 'district')],
  ['at', wordClass('address', 'location', 'site', 'venue')],
]);

/** "the 21st century", "19th-century" said of years. */
export const CENTURY = wordClass('century', 'centuries');

/** "3 times": how often something was done. */
export const TIMES = wordClass('times');

/** "once", "twice": how often, in one word. */
export const HOW_OFTEN: Readonly<Record<string, number>> = Object.assign(Object.create(null), { once: 1, twice: 2, thrice: 3 });

/** The prepositions after a participle that names a relationship between peers ("linked to", "associated with"). */
export const PEER_PREPOSITIONS = wordClass('to', 'with');
