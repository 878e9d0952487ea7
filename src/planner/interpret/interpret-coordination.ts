import type { Ctx, Draft, Unsure } from './interpret-context.js';
import { article, isWord, isWordOf, tokenAt, unsure, wordsOf } from './interpret-context.js';
import { BE_FORMS, JOINTLY, OTHER_VALUE, SAME_VALUE } from '../read/word-classes.js';
import { constructionTable } from './construction.js';

/**
 * Coordination: two things said with "and". Two named things of one label share what the verb
 * says of them (placed once the relationships are); two roles said to be the same or different
 * things are one thing or two set apart (placed then too); two roles sharing one head noun are
 * declined (read before anything is placed).
 */

/**
 * "Which papers did Ada Moreau and Bo Lind write together?": two named things of
 * one label joined by "and" do what the verb says to the same thing, so the relationship placed
 * for the one is placed for the other too (the movies both acted in), as "projects that use
 * Python and Rust" use both; "or" is the word for either. Without "both" or "together" the
 * reading is noted for curators, a little less sure. Without a verb, each is joined to the kind
 * of thing said beside them the way the schema joins it ("shops in both 'Bakery' and 'Cafe'").
 * Two such things are never joined to each other by a guess ("When were X and Y born?" is not
 * about how X relates to Y).
 */
const namedTogether = (ctx: Ctx): Unsure | 'placed' | undefined => {
  let placed = false;
  const edgesOf = (n: Draft) => ctx.edges.filter((e) => e.from === n.id || e.to === n.id);
  for (const a of ctx.nodes) {
    const and = ctx.items[a.at + 1];
    const b = ctx.nodes.find((n) => n.anchor && n.at === a.at + 2 && n.label === a.label);
    if (!a.anchor || !b || and?.kind !== 'word' || and.token.lower !== 'and') continue;
    ctx.used.add(a.at + 1);
    placed = true;
    const [done, bare] = edgesOf(b).length === 0 ? [a, b] : [b, a];
    if (edgesOf(done).length === 0) {
      // "shops in both 'Bakery' and 'Cafe' categories": no verb yet, but a kind of thing both are joined to, each its own way.
      // ("Which vessels are Sea Wolf and Kestrel?": the things asked are of their own kind, not joined to them.)
      if (!ctx.nodes.some((n) => !n.anchor && !n.implicit && (n.label ?? n.labels?.[0]) !== a.label)) return unsure(ctx, `I can answer that for one named thing at a time: please ask about ${a.anchor.name} and about ${b.anchor!.name} apart`);
      noteTogether(ctx, a, b);
      continue;
    }
    if (edgesOf(bare).length > 0) continue;
    for (const e of edgesOf(done)) {
      const far = ctx.nodes.find((n) => n.id === (e.from === done.id ? e.to : e.from));
      if (far?.anchor) continue;
      const copy = { ...e, conditions: [...e.conditions], from: e.from === done.id ? bare.id : e.from, to: e.to === done.id ? bare.id : e.to };
      // In the order the question names them, for the answer to say them so.
      ctx.edges.splice(ctx.edges.indexOf(e) + (bare.at < done.at ? 0 : 1), 0, copy);
    }
    noteTogether(ctx, a, b);
  }
  return placed ? 'placed' : undefined;
};

/** Without "both" or "together", reading two named things as both of them is noted for curators, a little less sure. */
function noteTogether(ctx: Ctx, a: Draft, b: Draft): void {
  if (ctx.items.some((it) => it.kind === 'word' && JOINTLY.has(it.token.lower))) return;
  ctx.confidence -= 0.1;
  ctx.notes.push(`read “${a.anchor!.name} and ${b.anchor!.name}” as both of them together`);
}

/**
 * "plays where the writer and the stager are the same person", "… are different people": two
 * roles of one kind of thing said to be one thing are that thing (who wrote and staged the play),
 * or two things set apart. Without it, the two roles were two people, each joined on its own,
 * and "the same" a word the graph records nothing about. A noun of their kind after the
 * comparison ("person") restates them.
 */
const rolesOneThing = (ctx: Ctx): 'placed' | undefined => {
  let placed: 'placed' | undefined;
  for (const a of ctx.nodes) {
    if (ctx.items[a.at]?.kind !== 'agent' || !isWord(ctx.items[a.at + 1], 'and')) continue;
    const second = isWord(ctx.items[a.at + 2], 'the') ? a.at + 3 : a.at + 2;
    const b = ctx.nodes.find((n) => n.at === second && ctx.items[second]?.kind === 'agent');
    if (!b || !a.label || a.label !== b.label || !isWordOf(ctx.items[second + 1], BE_FORMS)) continue;
    const compare = article(ctx.items[second + 2]) ? second + 3 : second + 2;
    const word = ctx.items[compare]?.kind === 'word' ? (tokenAt(ctx, compare)?.lower ?? '') : '';
    const same = SAME_VALUE.has(word);
    if (!same && !OTHER_VALUE.has(word)) continue;
    for (let k = a.at + 1; k <= compare; k++) if (ctx.items[k]?.kind === 'word') ctx.used.add(k);
    if (same) b.sameThingAs = a.id;
    else ctx.distinct.push([a.id, b.id]);
    sameFarEnds(ctx, a, b);
    const restated = ctx.nodes.find((n) => n.at === compare + 1 && !n.anchor && n.label === a.label && !ctx.edges.some((e) => e.from === n.id || e.to === n.id));
    if (restated) restated.sameThingAs = a.id;
    placed = 'placed';
  }
  return placed;
};

/**
 * Two roles said together are roles in the same thing ("the writer and stager" of a play): the
 * far end made for the second alone, any thing of its label, is the first's.
 */
function sameFarEnds(ctx: Ctx, a: Draft, b: Draft): void {
  const far = (e: { from: string; to: string }, n: Draft) => ctx.nodes.find((x) => x.id === (e.from === n.id ? e.to : e.from));
  for (const e of ctx.edges.filter((x) => x.from === b.id || x.to === b.id)) {
    const own = far(e, b);
    if (!own?.implicit) continue;
    const shared = ctx.edges.filter((x) => x.from === a.id || x.to === a.id).map((x) => far(x, a)).find((n) => n && n.label === own.label);
    if (!shared || ctx.edges.some((x) => x !== e && (x.from === own.id || x.to === own.id))) continue;
    if (e.from === own.id) e.from = shared.id;
    else e.to = shared.id;
    ctx.nodes.splice(ctx.nodes.indexOf(own), 1);
  }
}

/** Named things and roles said together, once the relationships are placed. */
export const NAMED_TOGETHER_CONSTRUCTIONS = constructionTable('named together', { namedTogether, rolesOneThing });

/**
 * "the sender and recipient accounts in Norway", "the payer and payee banks are different": two
 * roles sharing one head noun, so what follows is said of both; read as one of them, the other's
 * condition would be dropped. Declined.
 */
const rolesSharingANoun = (ctx: Ctx): Unsure | undefined => {
  const { items } = ctx;
  const at = items.findIndex((it, i) => it.kind === 'agent' && isWord(items[i + 1], 'and') && (items[i + 2]?.kind === 'prop' || (items[i + 2]?.kind === 'agent' && items[i + 3]?.kind === 'label')));
  return at >= 0 ? unsure(ctx, `I can’t yet read one condition said of both “${wordsOf(ctx, at)}” and “${wordsOf(ctx, at + 2)}”`) : undefined;
};

/** Roles said together, read once the things are made, before anything is placed. */
export const ROLES_TOGETHER_CONSTRUCTIONS = constructionTable('roles together', { rolesSharingANoun });
