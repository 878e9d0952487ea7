import type { CandidateLabel } from './text-nlp.js';
import type { Mention, SentenceMentions } from './text-mentions.js';
import { relationshipTypeOf } from '../names.js';
import { words } from '../../language/identifier-words.js';
import { FOUNDER_TITLES, roleOf, TITLES } from './text-words.js';

/**
 * A few high-precision patterns for typed relationships, read between two neighbouring name
 * candidates of one sentence (nothing else may stand between them):
 * - WORKS_AT {role}: "X, CEO of Y", "X, the CEO of Y", "X is the CEO of Y", "Y's CEO X", "Y CEO X"
 *   (a title of text-words.ts TITLES, written with an optional "of <field>": "director of research at");
 *   "X joined Y", "X works at|for Y", "X is employed by Y", "X (Y)" for a person and an organization;
 *   what follows the organization may say more: "… as <role>" (a role), "joined Y in 2019" (since).
 *   A workplace may read as a place ("joined Quay Road", "works at the Lark Museum").
 * - FOUNDED: "X founded Y", "X, who founded Y", "Y was founded by X", "X, founder of Y" (founder titles), "A and B founded Y".
 * - LOCATED_IN: "X is located|based|headquartered in Y", "X, which is based in Y", "X, a charity based in Y", "Y-based X".
 * - LIVES_IN: "X lives in Y", "X, who lives in Y", "X, a nurse who lives in Y".
 * - SUPPLIES: "X supplies Y", "X supplies|delivers|sells <goods> to Y", "Y buys <goods> from X".
 * A clause after an appositive is about the appositive's subject: in "X, based in Y, supplies Z",
 * X supplies Z.
 * An end gets the label the pattern implies (the X of "X, CEO of Y" is a Person; what is based
 * somewhere is an organization, whatever compromise took it for).
 */

export type PatternType = 'WORKS_AT' | 'FOUNDED' | 'LOCATED_IN' | 'LIVES_IN' | 'SUPPLIES';

export interface PatternHit {
  from: Mention;
  type: PatternType;
  to: Mention;
  role?: string;
  /** The year the relationship began ("joined Y in 2019"). */
  since?: number;
  /** Labels implied for untyped ends. */
  fromLabel?: CandidateLabel;
  toLabel?: CandidateLabel;
  /** The matched span in the full text, [start, end). */
  start: number;
  end: number;
  /** A mention as read with the hit: its chunk and sentence are where the hit was read. */
  site: Mention;
}

interface Pattern {
  type: PatternType;
  /** Matched on the text between the two mentions, spaces collapsed, case ignored. */
  between: RegExp;
  /** Whether the earlier mention is the relation's `from`. */
  subjectFirst: boolean;
  /** Labels each end may have (`Thing` is always allowed unless `strict`). */
  fromLabels: CandidateLabel[];
  toLabels: CandidateLabel[];
  strict?: boolean;
  fromLabel?: CandidateLabel;
  toLabel?: CandidateLabel;
  /** Must follow the later mention ("X (Y)" closes its bracket). */
  after?: RegExp;
  /** "founded by A and B", "A and B founded": the coordinated names on that side take part too. */
  coordinated?: 'earlier' | 'later';
  /** What may follow the later mention to say more of the relationship (read from the text after it). */
  details?: RegExp;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const TITLE = `(?<role>${TITLES.map(escape).join('|')})`;
/** "director of research at": a lower-case field between the title and its organization. */
const FIELD = '(?: of [a-z][a-z -]{0,40}?)?';
const MODIFIER = '(?:new |current |acting |interim )?';
const THE = '(?:the )?';
const re = (source: string) => new RegExp(`^${source}$`, 'iu');

const PERSON: CandidateLabel[] = ['Person'];
const ORG: CandidateLabel[] = ['Organization'];
const PLACE: CandidateLabel[] = ['Place'];
/** Where someone works: an organization, or a shop or gallery whose name reads as a place. */
const WORKPLACE: CandidateLabel[] = ['Organization', 'Place'];
/** "… as a nurse", "… as chief engineer": the role, up to punctuation or a following clause. */
const AS_ROLE = String.raw`(?:,? as (?:a |an |the |its )?(?<role>[a-z][a-z -]{1,40}?)(?=[.,;:]|$| and | since | from | in \d))?`;
/** "… in 2019": the year it began. */
const IN_YEAR = String.raw`(?: in (?<since>1[89]\d\d|2[01]\d\d)\b)?`;
/** Read at the start of the text after the later mention (an abbreviation's dot may come first). */
const after = (source: string) => new RegExp(String.raw`^\.?` + source, 'u');

/** What is supplied, between the verb and "to"/"from" ("fresh herbs", "its fish"). */
const GOODS = '(?:[a-z][a-z -]{0,40}? )';
/** Who supplies or is supplied: an organization, or a shop whose name reads as a place. */
const TRADER: CandidateLabel[] = ['Organization', 'Place'];

const PATTERNS: Pattern[] = [
  { type: 'WORKS_AT', between: re(`,? (?:the |a |an )?${MODIFIER}${TITLE}${FIELD} (?:of|at|for) ${THE}`), subjectFirst: true, fromLabels: PERSON, toLabels: ORG, fromLabel: 'Person', toLabel: 'Organization' },
  {
    type: 'WORKS_AT',
    between: re(`,? (?:is|was|has been|became|remains|serves as|served as) (?:now |currently )?(?:the |a |an |its )?${MODIFIER}${TITLE}${FIELD} (?:of|at|for) ${THE}`),
    subjectFirst: true,
    fromLabels: PERSON,
    toLabels: ORG,
    fromLabel: 'Person',
    toLabel: 'Organization',
  },
  { type: 'WORKS_AT', between: re(`(?:['’]s?)? ${MODIFIER}${TITLE},? `), subjectFirst: false, fromLabels: PERSON, toLabels: ORG, fromLabel: 'Person', toLabel: 'Organization' },
  {
    type: 'WORKS_AT',
    between: re(`,? (?:has |had |have )?(?:recently |officially )?joined ${THE}`),
    subjectFirst: true,
    fromLabels: PERSON,
    toLabels: WORKPLACE,
    fromLabel: 'Person',
    toLabel: 'Organization',
    details: after(`${IN_YEAR}${AS_ROLE}`),
  },
  {
    type: 'WORKS_AT',
    between: re(`,? (?:works|worked|is working|was working|has worked|has been working|had worked) (?:at|for) ${THE}`),
    subjectFirst: true,
    fromLabels: PERSON,
    toLabels: WORKPLACE,
    fromLabel: 'Person',
    toLabel: 'Organization',
    details: after(`${AS_ROLE}${IN_YEAR}`),
  },
  { type: 'WORKS_AT', between: re(`,? (?:is|was|has been|had been) (?:currently |now )?employed (?:by|at) ${THE}`), subjectFirst: true, fromLabels: PERSON, toLabels: ORG, fromLabel: 'Person', toLabel: 'Organization' },
  { type: 'WORKS_AT', between: re(' ?\\('), after: /^\)/u, subjectFirst: true, fromLabels: PERSON, toLabels: ORG, strict: true },
  { type: 'FOUNDED', between: re(`,? (?:who )?(?:co-?founded|cofounded|founded|established) ${THE}`), subjectFirst: true, fromLabels: [...PERSON, ...ORG], toLabels: ORG, fromLabel: 'Person', toLabel: 'Organization', coordinated: 'earlier' },
  {
    type: 'FOUNDED',
    between: re(`,? (?:which |that )?(?:was |were |is |had been )?(?:co-?founded|cofounded|founded|established) (?:in \\d{4} )?by `),
    subjectFirst: false,
    fromLabels: [...PERSON, ...ORG],
    toLabels: ORG,
    fromLabel: 'Person',
    toLabel: 'Organization',
    coordinated: 'later',
  },
  // What is based or headquartered somewhere is an organization; what is located there may be a place.
  { type: 'LOCATED_IN', between: re(`,? (?:(?:which|that) )?(?:is |are |was |were |has been |remains )?(?:now )?located in ${THE}`), subjectFirst: true, fromLabels: [...ORG, ...PLACE], toLabels: PLACE, toLabel: 'Place' },
  {
    type: 'LOCATED_IN',
    between: re(`,? (?:(?:which|that) )?(?:is |are |was |were |has been |remains )?(?:now )?(?:based|headquartered) in ${THE}`),
    subjectFirst: true,
    fromLabels: [...ORG, ...PLACE],
    toLabels: PLACE,
    fromLabel: 'Organization',
    toLabel: 'Place',
  },
  { type: 'LOCATED_IN', between: re(`, (?:a|an|the) [^,;()]{1,60}? (?:located|based|headquartered) in ${THE}`), subjectFirst: true, fromLabels: [...ORG, ...PLACE], toLabels: PLACE, fromLabel: 'Organization', toLabel: 'Place' },
  { type: 'LOCATED_IN', between: re('-based '), subjectFirst: false, fromLabels: ORG, toLabels: PLACE, fromLabel: 'Organization', toLabel: 'Place' },
  {
    type: 'LIVES_IN',
    between: re(`(?:,? |,? (?:is )?(?:a|an) [^,;()]{1,40}? )(?:who )?(?:now |still |currently )?(?:lives|lived|has lived|had lived) in ${THE}`),
    subjectFirst: true,
    fromLabels: PERSON,
    toLabels: PLACE,
    fromLabel: 'Person',
    toLabel: 'Place',
  },
  {
    type: 'SUPPLIES',
    between: re(`,? (?:(?:which|that|who) )?(?:also |now |still )?(?:supplies|supplied|delivers|delivered|sells|sold) ${GOODS}to ${THE}`),
    subjectFirst: true,
    fromLabels: TRADER,
    toLabels: TRADER,
    fromLabel: 'Organization',
    toLabel: 'Organization',
  },
  { type: 'SUPPLIES', between: re(`,? (?:(?:which|that|who) )?(?:also |now |still )?(?:supplies|supplied) ${THE}`), subjectFirst: true, fromLabels: TRADER, toLabels: TRADER, fromLabel: 'Organization', toLabel: 'Organization' },
  { type: 'SUPPLIES', between: re(` (?:buys|bought|orders|ordered|sources|sourced) ${GOODS}from ${THE}`), subjectFirst: false, fromLabels: TRADER, toLabels: TRADER, fromLabel: 'Organization', toLabel: 'Organization' },
];

/**
 * The type a field names when its words are one of these patterns' relations said from the
 * field's holder (`based_in`, `headquartered_in`, `works_at`, `lives_in`): a relation is then one
 * type whether a sentence or a field states it. Patterns that carry a title are left out (the
 * field would lose the role).
 */
export function patternTypeOfField(field: string): PatternType | undefined {
  const said = words(field);
  if (said.length === 0) return undefined;
  const phrase = ` ${said.join(' ')} `;
  return PATTERNS.find((p) => p.subjectFirst && !p.strict && !p.between.source.includes('?<role>') && p.between.test(phrase))?.type;
}

/** The relationship type a link field makes: a pattern's, else one named after the field. */
export const linkTypeOf = (field: string): string | undefined => patternTypeOfField(field) ?? relationshipTypeOf(field);

/** Between two names: a comma or "and" makes them a list. */
const LIST = /^(?:,|,? and) $/iu;
/** Longer gaps are no pattern of these. */
const MAX_BETWEEN = 120;

const allowed = (mention: Mention, labels: CandidateLabel[], strict?: boolean) => labels.includes(mention.label) || (!strict && mention.label === 'Thing');

export function findRelations(options: { sentence: SentenceMentions; text: string; textStart: number }): PatternHit[] {
  const { sentence, text, textStart } = options;
  const { mentions } = sentence;
  // A dot right after a name followed by a comma or a lower-case word ends an abbreviation ("Ltd., a yard"), not the sentence.
  const gap = (a: Mention, b: Mention) =>
    text
      .slice(a.end - textStart, b.start - textStart)
      .replace(/\s+/g, ' ')
      .replace(/^\.(?=,| [a-z])/u, '');
  const hits: PatternHit[] = [];
  /** "X, based in Y, …": the mention closing an appositive, and the subject the appositive is about. */
  const apposed = new Map<number, Mention>();
  for (let i = 0; i + 1 < mentions.length; i++) {
    const later = mentions[i + 1]!;
    const between = gap(mentions[i]!, later);
    // A clause after an appositive is about the appositive's subject; a relative clause ("…, which …") about the nearest name.
    const subject = between.startsWith(',') && !/^, (?:which|that|who|whose|where)\b/iu.test(between) ? apposed.get(i) : undefined;
    if (between.length > MAX_BETWEEN) continue;
    for (const pattern of PATTERNS) {
      const match = pattern.between.exec(between);
      if (!match) continue;
      if (pattern.after && !pattern.after.test(text.slice(later.end - textStart))) continue;
      const fitting = [subject, mentions[i]!]
        .filter((m) => m !== undefined)
        .map((earlier) => (pattern.subjectFirst ? [earlier, later] : [later, earlier]) as [Mention, Mention])
        .find(([f, t]) => allowed(f, pattern.fromLabels, pattern.strict) && allowed(t, pattern.toLabels, pattern.strict));
      if (!fitting) continue;
      const [from, to] = fitting;
      const more = pattern.details?.exec(text.slice(later.end - textStart).replace(/\s+/g, ' '))?.groups ?? {};
      const written = match.groups?.['role'] ?? more['role'];
      const since = more['since'] ? Number(more['since']) : undefined;
      const founder = written !== undefined && FOUNDER_TITLES.has(written.toLowerCase());
      const hit = (f: Mention, t: Mention): PatternHit => ({
        from: f,
        type: founder ? 'FOUNDED' : pattern.type,
        to: t,
        ...(written && !founder ? { role: roleOf(written) } : {}),
        ...(since !== undefined ? { since } : {}),
        ...(pattern.fromLabel ? { fromLabel: pattern.fromLabel } : {}),
        ...(pattern.toLabel ? { toLabel: pattern.toLabel } : {}),
        start: Math.min(f.start, t.start),
        end: Math.max(f.end, t.end),
        site: f,
      });
      hits.push(hit(from, to));
      if (pattern.subjectFirst && between.startsWith(',')) apposed.set(i + 1, from);
      // The other names of a list on the coordinated side: "founded by A, B and C".
      const side = pattern.coordinated;
      const also = (m: Mention) => allowed(m, pattern.fromLabels) && hits.push(hit(m, to));
      if (side === 'later') {
        for (let k = i + 1; k + 1 < mentions.length && LIST.test(gap(mentions[k]!, mentions[k + 1]!)); k++) also(mentions[k + 1]!);
      } else if (side === 'earlier') {
        for (let k = i; k > 0 && LIST.test(gap(mentions[k - 1]!, mentions[k]!)); k--) also(mentions[k - 1]!);
      }
      break;
    }
  }
  return hits;
}
