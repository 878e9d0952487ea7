import { SUPPORT_VERBS } from '../read/cues.js';
import { AND_OR, ASSOCIATION_VERBS } from '../read/word-classes.js';
import { wordKey } from '../../language/analyze.js';
import type { Ctx, Draft } from './interpret-context.js';
import { fits, wordsOf } from './interpret-context.js';
import type { LexRelationship } from '../link/lexicon.js';
import { afterDoSupport } from '../link/links.js';
import { identifierWords } from '../read/words.js';

/** How far a light verb may stand from the property it has as object ("roles did Ada Moreau play"). */
const SUPPORT_REACH = 4;

/**
 * A light verb whose object is a property of a relationship the reading already has says only
 * that the relationship holds: "the roles Ada Moreau played", "ratings given by critics", "duties
 * performed on Marlin". A tagger may read the verb after "did" and its subject as a noun
 * ("Which roles did Ada Moreau play?"): there it is the verb.
 */
export function supportsProperty(ctx: Ctx, at: number): boolean {
  const it = ctx.items[at];
  if (it?.kind !== 'word' || !SUPPORT_VERBS.has(it.token.lemma)) return false;
  if (!(it.token.pos === 'verb' || (it.token.pos === 'noun' && afterDoSupport(ctx.tokens, it.from)))) return false;
  // (After it: "gave a rating", "received a review summary": its object, past the event's noun.)
  for (let k = Math.max(0, at - SUPPORT_REACH); k <= Math.min(ctx.items.length - 1, at + 3); k++) {
    const x = ctx.items[k]!;
    if (x.kind === 'prop' && ctx.used.has(k) && x.props.some((p) => p.ownerKind === 'relationship' && ctx.edges.some((e) => e.type === p.owner))) return true;
  }
  return false;
}

/**
 * A noun where the verb of "did … play" stands is that verb, not a thing the graph would have to
 * record; not when a label follows it (then it begins a noun phrase).
 */
export const inVerbSlot = (ctx: Ctx, at: number): boolean => {
  const it = ctx.items[at];
  return it?.kind === 'word' && it.token.pos === 'noun' && afterDoSupport(ctx.tokens, it.from) && ctx.items[at + 1]?.kind !== 'label';
};

/**
 * "directed or produced", "acted in, directed, or produced": verbs in a row whose joining words
 * include "or" are alternatives, any one of which joins the same things. For the first verb of
 * each such run, the items of the others and of the words joining them ("and" alone joins the
 * verbs' relationships each: "acted in and directed the same movie").
 */
export function verbAlternatives(ctx: Ctx): Map<number, number[]> {
  const { items, tokens } = ctx;
  const isVerb = (k: number) => {
    const x = items[k];
    return x?.kind === 'rel' && !x.event && tokens[x.from]!.pos !== 'noun';
  };
  const joiner = (k: number) => {
    const x = items[k];
    return x?.kind === 'word' && AND_OR.has(x.token.lower) ? x.token.lower : undefined;
  };
  const runs = new Map<number, number[]>();
  for (let k = 0; k < items.length; k++) {
    if (!isVerb(k)) continue;
    const rest: number[] = [];
    let or = false;
    let j = k + 1;
    for (;;) {
      if (isVerb(j)) rest.push(j++);
      else if (joiner(j) && isVerb(j + 1)) {
        or ||= joiner(j) === 'or';
        rest.push(j, j + 1);
        j += 2;
      } else break;
    }
    if (or) runs.set(k, rest);
    k = j - 1;
  }
  return runs;
}

/**
 * The verbs of `others` as alternatives of the edge the verb at `at` placed, when each joins the
 * same two kinds of things the same way; their items are then placed. Returns whether they were
 * (if not, they stay unplaced, and the question is not read on a guess).
 */
export function joinAlternatives(ctx: Ctx, at: number, others: number[]): boolean {
  const edge = ctx.edges.find((e) => e.at === at);
  const labelOfNode = (id: string) => ctx.nodes.find((n) => n.id === id)?.label;
  if (!edge) return false;
  const from = labelOfNode(edge.from);
  const to = labelOfNode(edge.to);
  const verbs = others.map((k) => ctx.items[k]!).filter((x) => x.kind === 'rel');
  if (!verbs.every((x) => x.rel.patterns.some((p) => p.from === from && p.to === to))) return false;
  edge.orTypes = [...new Set(verbs.map((x) => x.rel.type).filter((t) => t !== edge.type))];
  for (const k of others) ctx.used.add(k);
  return true;
}


/**
 * A verb of mere association ("connected to", "linked with") standing between two things its
 * relationship joins neither way, while another relationship joins them directly ("lines
 * connected to substation X", where CONNECTS runs between lines and districts and FEEDS from
 * substations to lines), is not read through a third thing: that fits only because nothing else does. It
 * takes the one relationship that joins the two; with several, it is left unplaced, so the question
 * is declined rather than answered on a guess. Other verbs keep their reading through a third
 * thing ("reviews written for X": by someone, of X; measured: declining them lost right answers
 * and fixed none). Not "with" ("acted with X": the same thing both did).
 * Returns whether the verb was settled here (placed or left unplaced).
 */
export function unjoinableVerb(ctx: Ctx, at: number, rel: LexRelationship, subject: Draft | undefined, object: Draft | undefined): boolean {
  if (!subject || !object || subject.implicit || object.implicit) return false;
  const it = ctx.items[at];
  const verb = it?.kind === 'rel' ? ctx.tokens[it.from]!.lemma : '';
  if (!ASSOCIATION_VERBS.has(verb)) return kinVerb(ctx, at, rel, subject, object);
  const next = ctx.items[at + 1];
  if (next?.kind === 'word' && next.token.lower === 'with') return false;
  if (rel.patterns.some((p) => [p.from, p.to].some((l) => identifierWords(l).some((w) => wordKey(w) === wordKey(verb) || rel.eventNouns.includes(wordKey(w)))))) return false;
  // Nothing joins them directly: through a third thing is the only reading ("patients admitted to
  // Harbour Hospital": to one of its units), taken as before.
  const direct = directJoins(ctx, subject, object);
  if (direct.length === 0) return false;
  if (direct.length === 1) {
    const { type, forward } = direct[0]!;
    if (saidByTheWordBefore(ctx, at, type, subject, object)) return true;
    ctx.edges.push({ from: forward ? subject.id : object.id, to: forward ? object.id : subject.id, type, conditions: [], at });
    ctx.used.add(at);
    ctx.confidence -= 0.1;
    ctx.notes.push(`read “${wordsOf(ctx, at)}” as “${typeWords(type)}”, the one relationship joining them`);
  }
  return true;
}

/**
 * "What previous edition is linked to edition 3?": the one relationship joining them is the one a
 * word before already placed on the subject towards something unnamed (the edition that has it as
 * previous). That something is the object: one step, the way the word said, not a second one.
 */
function saidByTheWordBefore(ctx: Ctx, at: number, type: string, subject: Draft, object: Draft): boolean {
  const unnamedEnd = (e: Ctx['edges'][number]) => {
    const other = e.from === subject.id ? e.to : e.to === subject.id ? e.from : undefined;
    const node = ctx.nodes.find((n) => n.id === other);
    return node?.implicit && !node.anchor && ctx.edges.filter((x) => x.from === node.id || x.to === node.id).length === 1 ? node : undefined;
  };
  const edge = ctx.edges.find((e) => e.type === type && e.at < at && unnamedEnd(e));
  if (!edge) return false;
  const gone = unnamedEnd(edge)!;
  if (edge.from === gone.id) edge.from = object.id;
  else edge.to = object.id;
  ctx.nodes.splice(ctx.nodes.indexOf(gone), 1);
  ctx.used.add(at);
  ctx.notes.push(`read “${wordsOf(ctx, at)}” as the “${typeWords(type)}” said before it`);
  return true;
}

/**
 * "yards that contain cranes" where CONTAINS joins depots to yards and HOLDS, whose verb WordNet gives
 * for "contain", joins yards to cranes: the one kin relationship that joins the two directly, said so.
 */
function kinVerb(ctx: Ctx, at: number, rel: LexRelationship, subject: Draft, object: Draft): boolean {
  const joins = directJoins(ctx, subject, object);
  if (joins.some((j) => j.type === rel.type)) return false;
  const kin = joins.filter((j) => rel.kin?.includes(j.type));
  if (kin.length !== 1) return false;
  const { type, forward } = kin[0]!;
  ctx.edges.push({ from: forward ? subject.id : object.id, to: forward ? object.id : subject.id, type, conditions: [], at });
  ctx.used.add(at);
  ctx.confidence -= 0.1;
  ctx.notes.push(`read “${wordsOf(ctx, at)}” as “${typeWords(type)}”, which WordNet gives for it, the one such relationship joining them`);
  return true;
}

/** A relationship type as the notes say it (`DEPENDS_ON` → "depends on"). */
const typeWords = (type: string) => type.toLowerCase().replace(/_/g, ' ');

/** The relationship types that join two things directly, and which way. */
function directJoins(ctx: Ctx, a: Draft, b: Draft): { type: string; forward: boolean }[] {
  const out = new Map<string, { type: string; forward: boolean }>();
  for (const r of ctx.lexicon.relationships) {
    for (const p of r.patterns) {
      if (fits(a, p.from) && fits(b, p.to)) out.set(`${r.type}>`, { type: r.type, forward: true });
      else if (fits(a, p.to) && fits(b, p.from)) out.set(`${r.type}<`, { type: r.type, forward: false });
    }
  }
  return [...out.values()];
}
