import { analyze } from '../src/engine/language/analyze.js';
import { createRequire } from 'node:module';
const nlp = createRequire(import.meta.url)('compromise');
for (const w of 'works worked work managed manage used using people persons data wrote written born is were has did stopped thing bring needs speed directors cities companies analyses movies released maintains cites authored lives employees status address statuses news series'.split(' ')) {
  const t = analyze(w)[0];
  console.log(w, '→', t?.lemma, t?.pos, '| plural of lemma:', nlp(t?.lemma).nouns().toPlural().text());
}
