import type { Ctx } from './interpret-context.js';
import { fold } from '../../language/analyze.js';

/**
 * A name right after a text property the question names is that property's value, not the thing
 * so named: "filings with a sender country of 'Norway'", "parcels whose destination city is
 * Lyon", "the sender country 'Norway'" compare the property, even where a node is called Norway
 * too, when it stands after "of", "is", "as", "equals", a colon or nothing. Not when the named
 * thing has such a property itself ("the address of Harbour Museum", "Which city is it in?" ask
 * its own). Runs before the things are made, turning the name into the text it compares.
 */

const LINKS = /^(of|is|was|are|were|as|equals|=|:)$/;
const PRONOUN = /^(it|he|she|they|them|him|her|this|that|these|those)$/i;

export function namesAsPropertyValues(ctx: Ctx): void {
  const { items } = ctx;
  items.forEach((it, i) => {
    if (it.kind !== 'entity') return;
    let k = i - 1;
    const the = items[k];
    if (the?.kind === 'word' && the.token.lower === 'the') k--;
    const link = items[k];
    const linkWord = link?.kind === 'word' && LINKS.test(link.token.lower) ? link.token.lower : undefined;
    if (linkWord) k--;
    const prop = items[k];
    if (prop?.kind !== 'prop') return;
    const owners = new Set(prop.props.filter((p) => p.ownerKind === 'label' && p.kind === 'text').map((p) => p.owner));
    if (owners.size === 0) return;
    // "the address of Harbour Museum", "Which city is it in?": the named thing's own property, asked.
    if (owners.has(it.entity.label) || PRONOUN.test(it.entity.mention.trim())) return;
    const text = fold(it.entity.name) === fold(it.entity.mention) ? it.entity.name : it.entity.mention;
    items[i] = { kind: 'literal', text, from: it.from, to: it.to };
    ctx.notes.push(`read ${it.entity.mention} as a value of ${prop.props[0]!.key}, not as the ${it.entity.label} so named`);
  });
}
