import { PLACE_VERBS, PLACE_WORDS } from '../read/cues.js';
import { BE_FORMS, PLACES_BY_PREPOSITION, STREET_PREPOSITIONS } from '../read/word-classes.js';
import type { Ctx } from './interpret-context.js';
import { fits, isWordOf, ownerNode, settle, tokenAt } from './interpret-context.js';
import type { LexProperty } from '../link/lexicon.js';

/**
 * Where things are, said with a verb of place: "shops located on 'Quay St'" (a text one of
 * their place properties holds) and "racks located in zone 4" (the verb says no more than what
 * follows it, once that is placed).
 */



/**
 * A quoted text right after "located on", "based in", …: held by the one place property of the thing
 * before the verb that the preposition points to, as part of its text ("Quay St" in an address).
 * A street needs no verb: "shops on 'Quay St'", "Which shops are along 'Quay St'?", "with addresses
 * on 'Mill Rd'" (the property said before "on" is the one that holds it).
 */
export function placeLiteral(ctx: Ctx, at: number): boolean {
  const it = ctx.items[at];
  const prep = tokenAt(ctx, at - 1)?.lower ?? '';
  const pointing = PLACES_BY_PREPOSITION.get(prep);
  if (it?.kind !== 'literal' || !pointing) return false;
  const verb = tokenAt(ctx, at - 2);
  const said = ctx.items[at - 2];
  const byVerb = verb !== undefined && PLACE_VERBS.test(verb.lemma);
  const street = !byVerb && STREET_PREPOSITIONS.has(prep);
  const isPlace = (p: LexProperty) => p.ownerKind === 'label' && p.kind === 'text' && p.words.some((w) => PLACE_WORDS.test(w));
  const named = street && said?.kind === 'prop' ? said.props.filter(isPlace) : [];
  // ("shops on 'Quay St'", "Which shops are on 'Quay St'?")
  const thingAt = isWordOf(said, BE_FORMS) ? at - 3 : at - 2;
  const afterThing = street && ctx.items[thingAt]?.kind === 'label' && ctx.nodes.some((n) => n.at === thingAt);
  if (!byVerb && named.length === 0 && !afterThing) return false;
  const owner = ctx.nodes.filter((n) => n.at < at - 1 && (named.length === 0 || named.some((p) => fits(n, p.owner)))).sort((a, b) => b.at - a.at)[0];
  if (!owner) return false;
  const places = named.length > 0 ? named.filter((p) => fits(owner, p.owner)) : ctx.lexicon.properties.filter((p) => isPlace(p) && fits(owner, p.owner));
  const pointed = places.filter((p) => p.words.some((w) => pointing.has(w)));
  const chosen: LexProperty | undefined = pointed.length === 1 ? pointed[0] : places.length === 1 ? places[0] : undefined;
  if (!chosen || ownerNode(ctx, at, chosen) !== owner) return false;
  settle(owner, chosen.owner);
  owner.conditions.push({ key: chosen.key, op: 'contains', value: it.text, words: `${prep} “${it.text}”` });
  ctx.used.add(at).add(at - 1);
  // The verb, the property word or "be" said only where; the things named before "on" are a node already.
  if (byVerb || named.length > 0 || thingAt === at - 3) ctx.used.add(at - 2);
  return true;
}

/** "located in zone 4", "based in Oslo": the verb and its preposition, once what follows them is placed. */
export function placeVerbsSaid(ctx: Ctx): void {
  ctx.items.forEach((it, k) => {
    if (it.kind !== 'word' || ctx.used.has(k) || !PLACE_VERBS.test(it.token.lemma)) return;
    const prep = tokenAt(ctx, k + 1);
    if (!prep || prep.pos !== 'prep') return;
    const next = tokenAt(ctx, k + 2)?.pos === 'det' ? k + 3 : k + 2;
    if (ctx.used.has(next)) ctx.used.add(k).add(k + 1);
  });
}
