import { wordTable } from '../../platform/word-table.js';
import type { CompareOp } from '../meaning.js';
import { identifierWords } from './words.js';

/**
 * The words that shape a question, as tables (English, not any graph): comparisons, counting,
 * aggregates, rankings and the dimensions superlatives rank by. Each entry is matched on the
 * question's lower-case words, longest first.
 */

export interface ComparatorCue {
  words: string[];
  op: CompareOp;
  /** Only before a number or a date ("from 2000"), not before a name ("from Bergen"). */
  numberOnly?: boolean;
  /** Compares text ("containing 'Scan'"), so it takes a quoted literal or a word. */
  text?: boolean;
  /**
   * Only as written and before a quoted text: "books that mention 'voyage'" compares, while "'voyage'
   * mentioned in the blurb" places a text and "What does the report mention?" follows a relationship.
   */
  asWritten?: boolean;
}

export const COMPARATOR_CUES: readonly ComparatorCue[] = [
  { words: ['more', 'than'], op: '>' },
  { words: ['greater', 'than'], op: '>' },
  { words: ['higher', 'than'], op: '>' },
  { words: ['larger', 'than'], op: '>' },
  { words: ['bigger', 'than'], op: '>' },
  { words: ['longer', 'than'], op: '>' },
  { words: ['later', 'than'], op: '>' },
  { words: ['newer', 'than'], op: '>' },
  { words: ['over'], op: '>', numberOnly: true },
  { words: ['above'], op: '>', numberOnly: true },
  { words: ['exceeding'], op: '>', numberOnly: true },
  { words: ['after'], op: '>', numberOnly: true },
  { words: ['at', 'least'], op: '>=' },
  { words: ['no', 'less', 'than'], op: '>=' },
  { words: ['no', 'fewer', 'than'], op: '>=' },
  { words: ['or', 'more'], op: '>=' },
  { words: ['or', 'higher'], op: '>=' },
  { words: ['or', 'later'], op: '>=' },
  { words: ['since'], op: '>=', numberOnly: true },
  { words: ['from'], op: '>=', numberOnly: true },
  { words: ['starting', 'in'], op: '>=', numberOnly: true },
  { words: ['less', 'than'], op: '<' },
  { words: ['fewer', 'than'], op: '<' },
  { words: ['lower', 'than'], op: '<' },
  { words: ['smaller', 'than'], op: '<' },
  { words: ['shorter', 'than'], op: '<' },
  { words: ['earlier', 'than'], op: '<' },
  { words: ['under'], op: '<', numberOnly: true },
  { words: ['below'], op: '<', numberOnly: true },
  { words: ['before'], op: '<', numberOnly: true },
  { words: ['prior', 'to'], op: '<', numberOnly: true },
  { words: ['at', 'most'], op: '<=' },
  { words: ['no', 'more', 'than'], op: '<=' },
  { words: ['up', 'to'], op: '<=', numberOnly: true },
  { words: ['until'], op: '<=', numberOnly: true },
  { words: ['or', 'less'], op: '<=' },
  { words: ['or', 'fewer'], op: '<=' },
  { words: ['or', 'earlier'], op: '<=' },
  { words: ['exactly'], op: '=' },
  { words: ['equal', 'to'], op: '=' },
  { words: ['equals'], op: '=' },
  { words: ['in'], op: '=', numberOnly: true },
  { words: ['during'], op: '=', numberOnly: true },
  { words: ['of'], op: '=', numberOnly: true },
  { words: ['containing'], op: 'contains', text: true },
  { words: ['contains'], op: 'contains', text: true },
  { words: ['contain'], op: 'contains', text: true },
  { words: ['including'], op: 'contains', text: true },
  { words: ['includes'], op: 'contains', text: true },
  { words: ['include'], op: 'contains', text: true },
  { words: ['mentioning'], op: 'contains', text: true },
  { words: ['mentions'], op: 'contains', text: true, asWritten: true },
  { words: ['mention'], op: 'contains', text: true, asWritten: true },
  { words: ['starting', 'with'], op: 'starts', text: true },
  { words: ['starts', 'with'], op: 'starts', text: true },
  { words: ['start', 'with'], op: 'starts', text: true },
  { words: ['beginning', 'with'], op: 'starts', text: true },
  { words: ['begins', 'with'], op: 'starts', text: true },
  { words: ['begin', 'with'], op: 'starts', text: true },
  { words: ['ending', 'with'], op: 'ends', text: true },
  { words: ['ends', 'with'], op: 'ends', text: true },
  { words: ['end', 'with'], op: 'ends', text: true },
  { words: ['ending', 'in'], op: 'ends', text: true },
  { words: ['ends', 'in'], op: 'ends', text: true },
  { words: ['end', 'in'], op: 'ends', text: true },
];

/** One-word comparisons said before a number ("above", "under", "after"): in "above and below 40" the first borrows the second's value. */
export const COMPARISON_WORDS: ReadonlySet<string> = new Set(COMPARATOR_CUES.filter((c) => c.words.length === 1 && c.numberOnly && c.op !== '=').map((c) => c.words[0]!));

/** Words a quoted value may follow to mean "equal to it" ("a note stating 'handle with care'"). */
export const EQUALITY_LEADS = new Set(['stating', 'saying', 'reading', 'titled', 'named', 'called', 'listed', 'of', 'is', 'was', 'equal', 'as', 'with', 'being']);

/** Verbs that give a thing's name after its kind ("the movie titled …", "a ship called …"), by lemma. */
export const NAMING_VERBS: ReadonlySet<string> = new Set(['call', 'name', 'title', 'entitle', 'dub', 'label']);

/**
 * Nouns naming a part of the schema itself, after a name of one: "the ACTED_IN relationship",
 * "Person nodes", "the born property" (by lemma). They say what the name is, nothing more.
 */
export const SCHEMA_PART_NOUNS: Readonly<Record<'label' | 'rel' | 'prop', ReadonlySet<string>>> = {
  label: new Set(['node', 'label', 'vertex', 'entity']),
  rel: new Set(['relationship', 'relation', 'edge', 'connection', 'link']),
  prop: new Set(['property', 'attribute', 'field']),
};

/** Words asking how two named things are connected (by lemma). */
export const PATH_CUES: ReadonlySet<string> = new Set(['connect', 'connected', 'relate', 'related', 'link', 'linked', 'connection', 'path']);

export const AGGREGATE_CUES: Readonly<Record<string, 'avg' | 'sum' | 'min' | 'max'>> = wordTable({
  average: 'avg',
  mean: 'avg',
  avg: 'avg',
  total: 'sum',
  sum: 'sum',
  combined: 'sum',
  maximum: 'max',
  max: 'max',
  minimum: 'min',
  min: 'min',
});

/** Words that rank by a value or by how many: "the most", "the fewest", "top". */
export const RANK_CUES: Readonly<Record<string, 'DESC' | 'ASC'>> = wordTable({
  most: 'DESC',
  highest: 'DESC',
  largest: 'DESC',
  biggest: 'DESC',
  greatest: 'DESC',
  best: 'DESC',
  least: 'ASC',
  lowest: 'ASC',
  smallest: 'ASC',
  fewest: 'ASC',
  worst: 'ASC',
});

/**
 * What a superlative ranks by when it names no property: the dimension (words a property of that
 * dimension is named with, or a kind of value) and the direction on it.
 */
export interface Dimension {
  /** Property words of this dimension ("price", "cost"). */
  words: string[];
  /** Dates and years rank this way: the oldest has the smallest date. */
  onDates?: 'ASC' | 'DESC';
  /** Other values (an age, a price) rank this way. */
  onValues: 'ASC' | 'DESC';
}

/** Words of a grade given to a thing, one said for another ("a rating of 4" of a guesthouse review's `stars`, "the score"), as lemmas. */
export const GRADE_WORDS: readonly string[] = ['rating', 'score', 'star'];

/** Keyed by the adjective; `words` are lemmas, as property words are. */
export const SUPERLATIVE_DIMENSIONS: Readonly<Record<string, Dimension>> = wordTable({
  old: { words: ['age', 'old'], onDates: 'ASC', onValues: 'DESC' },
  young: { words: ['age', 'young'], onDates: 'DESC', onValues: 'ASC' },
  new: { words: ['new', 'age'], onDates: 'DESC', onValues: 'ASC' },
  late: { words: ['late'], onDates: 'DESC', onValues: 'DESC' },
  recent: { words: ['recent'], onDates: 'DESC', onValues: 'DESC' },
  early: { words: ['early'], onDates: 'ASC', onValues: 'ASC' },
  cheap: { words: ['price', 'cost', 'fee', 'amount', 'value'], onValues: 'ASC' },
  expensive: { words: ['price', 'cost', 'fee', 'amount', 'value'], onValues: 'DESC' },
  costly: { words: ['price', 'cost', 'fee', 'amount', 'value'], onValues: 'DESC' },
  long: { words: ['length', 'duration', 'runtime', 'long'], onValues: 'DESC' },
  short: { words: ['length', 'duration', 'runtime', 'short'], onValues: 'ASC' },
  big: { words: ['size', 'count', 'capacity', 'population', 'area'], onValues: 'DESC' },
  large: { words: ['size', 'count', 'capacity', 'population', 'area'], onValues: 'DESC' },
  small: { words: ['size', 'count', 'capacity', 'population', 'area'], onValues: 'ASC' },
  popular: { words: ['popularity', 'vote', 'rating', 'count'], onValues: 'DESC' },
  rated: { words: [...GRADE_WORDS], onValues: 'DESC' },
  heavy: { words: ['weight'], onValues: 'DESC' },
  light: { words: ['weight'], onValues: 'ASC' },
  tall: { words: ['height'], onValues: 'DESC' },
});

/** The dimension a word ranks by, by its lemma or as written ("rated"). */
export const dimensionOfWord = (t: { lemma: string; lower: string }): Dimension | undefined => SUPERLATIVE_DIMENSIONS[t.lemma] ?? SUPERLATIVE_DIMENSIONS[t.lower];

/** Words (and their lemmas) of a property that holds a year: a number property with one of them is a date. */
export const YEAR_WORDS = /^(year|born|bear|birth|released?|found(ed)?|publish(ed)?|establish(ed)?|buil[dt]|open(ed)?|start(ed)?|create[d]?|launch(ed)?)$/;

/** Words (and their lemmas) of a date that marks when a thing starts or came to be ("startsOn", "start_date", "openedOn", "created_at"). */
export const START_WORDS = /^(begin|beginning|start(ed)?|open(ed|ing)?|create[d]?|creation|found(ed)?|establish(ed)?|born|bear|birth|since|launch(ed)?|issue[d]?|commence[d]?|depart(ed|ure)?)$/;

/** Words (and their lemmas) of a date that marks when a thing ends ("endsOn", "end_date", "closedAt", "returned"). */
export const END_WORDS = /^(end(ed|ing)?|finish(ed)?|close[d]?|closing|complete[d]?|completion|stop(ped)?|expire[d]?|expiry|expiration|until|return(ed)?|arrive[d]?|arrival|due)$/;

/** Whether a property (its kind and the lemmas of its words) holds a date or a year. */
export const holdsDate = (p: { kind: string; words: string[] }) => p.kind === 'date' || (p.kind === 'number' && p.words.some((w) => YEAR_WORDS.test(w)));

/** Words of a key that say its values are moments ("shippedDate", "start_time", "dayOfWeek", "memberSince"). */
const MOMENT_WORDS = /^(date|time|timestamp|day|since|updated|modified)$/;

/**
 * Whether a property, known only by its key, holds a date or a year: a year word or a moment
 * word among its words, or a last "on"/"at" ("createdOn", "updated_at"). The answer's sentences
 * ask this of the properties they compare and order by (the lexicon, which knows a property's
 * kind, asks `holdsDate`).
 */
export function keyHoldsDate(key: string): boolean {
  const words = identifierWords(key);
  return words.some((w) => YEAR_WORDS.test(w) || MOMENT_WORDS.test(w)) || (words.length > 1 && /^(on|at)$/.test(words.at(-1)!));
}

/** Property words of a place ("city", "country", "address", "street"). */
export const PLACE_WORDS = /^(city|country|location|address|place|region|state|town|site|venue|county|province|area|street|road)$/;

/** Verbs of where a thing is ("located in", "based in", "lives in"), as lemmas. */
export const PLACE_VERBS = /^(locate|base|situate|headquarter|live|reside)$/;

/** Words that say how many are wanted at the front of a list ("top 5", "first 3"). */
export const LIMIT_LEADS = new Set(['top', 'first', 'last', 'bottom']);

/** Words that name people, so "who" looks for a label of people. */
export const PERSON_WORDS = new Set([
  'person', 'people', 'human', 'user', 'author', 'actor', 'employee', 'member', 'researcher', 'scientist', 'student', 'customer',
  'patient', 'player', 'director', 'writer', 'producer', 'artist', 'musician', 'teacher', 'professor', 'doctor', 'engineer',
  'manager', 'founder', 'contact', 'individual', 'worker', 'staff', 'reviewer', 'speaker', 'athlete', 'character', 'officer',
  'agent', 'client', 'owner', 'supplier', 'seller', 'buyer', 'leader', 'politician', 'singer', 'pilot', 'driver',
]);

/**
 * Support verbs: with the noun of an event they only say it was made ("reviews written", "ratings
 * given", "orders placed", "votes cast"), unlike a verb with its own meaning ("orders returned");
 * with the noun of a part someone has, that they had it ("roles played", "posts held", "duties performed").
 */
export const SUPPORT_VERBS = new Set(['write', 'give', 'make', 'post', 'place', 'leave', 'cast', 'do', 'submit', 'file', 'take', 'receive', 'get', 'play', 'hold', 'perform']);

/** The copula's finite forms ("Which schools are public schools?", "What kind of cargo is copper?"). */
export const COPULA = /^(is|are|was|were)$/;

/** Words that announce a number as a point in time ("after timestamp 1500000000000"). */
export const STAMP_WORDS = /^(timestamp|epoch)$/;

/** Words that carry no meaning of their own in a question about a graph. */
export const FILLER_WORDS = new Set([
  'please', 'also', 'both', 'either', 'all', 'any', 'each', 'every', 'some', 'there', 'here', 'currently', 'ever', 'just', 'only',
  'exist', 'exists', 'existing', 'available', 'known', 'recorded', 'listed', 'stored', 'database', 'graph', 'data', 'dataset', 'schema',
  'tell', 'show', 'list', 'give', 'find', 'name', 'return', 'display', 'get', 'fetch', 'retrieve', 'identify', 'provide', 'me',
  'together', 'along', 'respectively', 'respective', 'corresponding', 'overall', 'different', 'distinct', 'unique', 'various', 'specific', 'particular',
  'information', 'details', 'names', 'entries', 'record', 'records', 'what', 'which', 'who', 'whom', 'kind', 'sort', 'type', 'one',
  'ones', 'thing', 'things', 'anyone', 'someone', 'somebody', 'anybody', 'something', 'anything', 'another', 'other', 'others',
  'well', 'so', 'far', 'ones', 'exactly', 'like', 'want', 'know', 'need', 'see', 'can', 'could', 'would', 'should', 'might',
]);

/** The end of a ranking first in `direction`, as a date's ("latest") or any other value's ("highest"). */
export const extremeWord = (direction: 'ASC' | 'DESC', dated = false): string =>
  dated ? (direction === 'DESC' ? 'latest' : 'earliest') : direction === 'DESC' ? 'highest' : 'lowest';

/** How a sentence names an aggregate. */
export const AGGREGATE_WORDS = { avg: 'average', sum: 'total', min: 'minimum', max: 'maximum' } as const;
