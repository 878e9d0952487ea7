import { SUPPORT_VERBS } from './cues.js';
import type { Ctx } from './interpret-context.js';
import { afterDoSupport } from './links.js';

/** How far a light verb may stand from the property it has as object ("roles did Tom Hanks play"). */
const SUPPORT_REACH = 4;

/**
 * A light verb whose object is a property of a relationship the reading already has says only
 * that the relationship holds: "the roles Tom Hanks played", "ratings given by critics", "duties
 * performed on Marlin". A tagger may read the verb after "did" and its subject as a noun
 * ("Which roles did Tom Hanks play?"): there it is the verb.
 */
export function supportsProperty(ctx: Ctx, at: number): boolean {
  const it = ctx.items[at];
  if (it?.kind !== 'word' || !SUPPORT_VERBS.has(it.token.lemma)) return false;
  if (!(it.token.pos === 'verb' || (it.token.pos === 'noun' && afterDoSupport(ctx.tokens, it.from)))) return false;
  for (let k = Math.max(0, at - SUPPORT_REACH); k <= Math.min(ctx.items.length - 1, at + 2); k++) {
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
