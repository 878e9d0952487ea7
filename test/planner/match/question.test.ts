import { describe, expect, it } from 'vitest';
import { conceptOf, matcherWords, NO_WORDS, normalizeQuestion, questionTokens } from '../../../src/planner/match/question.js';

describe('normalizeQuestion', () => {
  it.each([
    ['What movies did Tom Hanks act in?', 'what movies did tom hanks act in'],
    ['  Which   FILMS,\tdid  Meg Ryan act in?! ', 'which films did meg ryan act in'],
    ['Ｗｈｏ directed “The Matrix”?', 'who directed the matrix'],
    ["Didn't Carrie-Anne Moss act in 1999's hit?", 'didn t carrie anne moss act in 1999 s hit'],
    ['Ⅻ ﬁlms', 'xii films'],
  ])('%s', (text, expected) => {
    expect(normalizeQuestion(text)).toBe(expected);
  });
});

describe('questionTokens', () => {
  it('keeps spans in the original text', () => {
    const text = 'Which films did Meg Ryan act in?';
    const tokens = questionTokens(text);
    expect(tokens.map((t) => text.slice(t.start, t.end))).toEqual(['Which', 'films', 'did', 'Meg', 'Ryan', 'act', 'in']);
    expect(tokens.map((t) => t.token)).toEqual(['Which', 'films', 'did', 'Meg', 'Ryan', 'act', 'in']);
    expect(tokens.map((t) => t.canonical)).toEqual(['what', 'film', 'do', 'meg', 'ryan', 'act', 'in']);
    expect(tokens.map((t) => t.stop)).toEqual([false, false, true, false, false, false, true]);
  });

  it('reads each word as its lemma, the same way in every question', () => {
    const canon = (text: string) => questionTokens(text).map((t) => t.canonical);
    expect(canon('Which movies did they direct?')).toEqual(['what', 'movie', 'do', 'they', 'direct']);
    expect(canon('Which shipments were delivered by carriers?')).toEqual(['what', 'shipment', 'is', 'deliver', 'by', 'carrier']);
    expect(canon('How many invoices were issued?')).toEqual(['count', 'invoice', 'is', 'issue']);
    expect(canon('the number of patients')).toEqual(['the', 'count', 'patient']);
    expect(canon('Who supervises the nurses?')).toEqual(['who', 'supervise', 'the', 'nurse']);
    // Words every object inherits are words like any other, not table entries.
    for (const t of questionTokens('Which constructor uses toString?')) expect(typeof t.canonical).toBe('string');
  });

  it('knows no domain: without the deployment\'s synonyms a film is not a movie', () => {
    expect(questionTokens('films', NO_WORDS)[0]?.canonical).toBe('film');
  });

  it("merges a deployment's synonyms, words and phrases, into the concept of the name they stand for", () => {
    const words = matcherWords([
      { word: 'film', stands_for: 'Movie', kind: 'label' },
      { word: 'star', stands_for: 'ACTED_IN', kind: 'relationship' },
      { word: 'works for', stands_for: 'EMPLOYED_BY', kind: 'relationship' },
      { word: 'vessel', stands_for: 'CargoShip', kind: 'label' },
    ]);
    const canon = (text: string) => questionTokens(text, words).map((t) => t.canonical);
    expect(canon('Which films did she star in?')).toEqual(['what', 'movie', 'do', 'she', 'act', 'in']);
    expect(canon('Who works for Acme?')).toEqual(['who', 'employ', 'acme']);
    expect(canon('Which vessels sail?')).toEqual(['what', 'ship', 'sail']);
    expect(conceptOf('PurchaseOrder', 'label')).toBe('order');
    expect(conceptOf('SHIPPED_TO', 'relationship')).toBe('ship');
    expect(conceptOf('releaseYear', 'property')).toBe('year');
    expect(words.concepts).toEqual(new Set(['movie', 'act', 'employ', 'ship']));
  });

  it('stamps the words: equal synonyms, equal stamps, in any order', () => {
    const a = matcherWords([
      { word: 'film', stands_for: 'Movie', kind: 'label' },
      { word: 'star', stands_for: 'ACTED_IN', kind: 'relationship' },
    ]);
    const b = matcherWords([
      { word: 'star', stands_for: 'ACTED_IN', kind: 'relationship' },
      { word: 'film', stands_for: 'Movie', kind: 'label' },
    ]);
    expect(a.stamp).toBe(b.stamp);
    expect(a.stamp).not.toBe(NO_WORDS.stamp);
    expect(matcherWords([]).stamp).not.toBe(a.stamp);
  });

  it('a word a curator said for two names stands for neither', () => {
    const words = matcherWords([
      { word: 'vessel', stands_for: 'CargoShip', kind: 'label' },
      { word: 'vessel', stands_for: 'Container', kind: 'label' },
      { word: 'film', stands_for: 'Movie', kind: 'label' },
    ]);
    expect(questionTokens('Which vessels carry films?', words).map((t) => t.canonical)).toEqual(['what', 'vessel', 'carry', 'movie']);
  });

  it('marks stop words; negations and comparisons are significant', () => {
    const roles = (text: string) => Object.fromEntries(questionTokens(text).map((t) => [t.surface, t.role]));
    expect(roles('the a an are is was were that of me all please did does have')).toEqual(
      Object.fromEntries('the a an are is was were that of me all please did does have'.split(' ').map((w) => [w, 'stop'])),
    );
    for (const word of 'not no without never before after more less than most least first last between who where when how'.split(' ')) {
      const [token] = questionTokens(word);
      expect(token?.role, word).toBe('critical');
      expect(token?.stop, word).toBe(false);
    }
    expect(questionTokens('how many')[0]?.role).toBe('critical');
    expect(roles('what list ever movie hanks')).toEqual({ what: 'frame', list: 'frame', ever: 'filler', movie: 'content', hanks: 'content' });
  });

  it("splits n't into a negation and drops possessives from the span", () => {
    const text = "Which movies didn't Tom Hanks's friends write? Won't O'Brien?";
    const tokens = questionTokens(text);
    expect(tokens.map((t) => [t.token, t.canonical])).toEqual([
      ['Which', 'what'],
      ['movies', 'movie'],
      ['did', 'did'],
      ["n't", 'not'],
      ['Tom', 'tom'],
      ['Hanks', 'hanks'],
      ['friends', 'friend'],
      ['write', 'write'],
      ['Wo', 'will'],
      ["n't", 'not'],
      ["O'Brien", 'obrien'],
    ]);
    const hanks = tokens[5];
    expect(text.slice(hanks?.start, hanks?.end)).toBe('Hanks');
  });

  it('keeps numbers whole and normalizes compatibility characters', () => {
    expect(questionTokens('released after 1,995.5 in ２０００').map((t) => t.canonical)).toEqual(['release', 'after', '1,995.5', 'in', '2000']);
    expect(questionTokens('WHICH ＦＩＬＭＳ').map((t) => t.canonical)).toEqual(['what', 'film']);
  });
});
