import { describe, expect, it } from 'vitest';
import { normalizeQuestion, questionTokens, stem } from '../../../src/modules/queries/question.js';

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
    expect(tokens.map((t) => t.canonical)).toEqual(['what', 'movie', 'did', 'meg', 'ryan', 'act', 'in']);
    expect(tokens.map((t) => t.stop)).toEqual([false, false, true, false, false, false, true]);
  });

  it('merges synonyms and stems the same way everywhere', () => {
    const canon = (text: string) => questionTokens(text).map((t) => t.canonical);
    expect(canon('which what')).toEqual(['what', 'what']);
    expect(canon('film films movie movies')).toEqual(['movie', 'movie', 'movie', 'movie']);
    expect(canon('acted act appeared appear starred star played')).toEqual(Array(7).fill('act'));
    expect(canon('directed direct director directors')).toEqual(Array(4).fill('direct'));
    expect(canon('wrote write written author')).toEqual(Array(4).fill('write'));
    expect(canon('people persons person actors actor')).toEqual(Array(5).fill('person'));
    expect(canon('show list give tell find name')).toEqual(Array(6).fill('list'));
    expect(canon('How many movies')).toEqual(['count', 'movie']);
    expect(canon('the number of movies')).toEqual(['the', 'count', 'movie']);
    expect(canon('released release comedies comedy genres genre watches')).toEqual(['release', 'release', 'comedy', 'comedy', 'genr', 'genr', 'watch']);
    expect(stem('titles')).toBe(stem('title'));
    expect(stem('produced')).toBe(stem('produce'));
  });

  it('marks stop words; negations and comparisons are significant', () => {
    const roles = (text: string) => Object.fromEntries(questionTokens(text).map((t) => [t.canonical, t.role]));
    expect(roles('the a an are is was were that of me all please')).toEqual(
      Object.fromEntries('the a an are is was were that of me all please'.split(' ').map((w) => [w, 'stop'])),
    );
    for (const word of 'not no without never before after more less than most least first last between who where when how'.split(' ')) {
      const [token] = questionTokens(word);
      expect(token?.role, word).toBe('critical');
      expect(token?.stop, word).toBe(false);
    }
    expect(questionTokens('how many')[0]?.role).toBe('critical');
    expect(roles('what list ever movie hanks')).toEqual({ what: 'frame', list: 'frame', ever: 'filler', movie: 'content', hank: 'content' });
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
      ['Hanks', 'hank'],
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
    expect(questionTokens('WHICH ＦＩＬＭＳ').map((t) => t.canonical)).toEqual(['what', 'movie']);
  });
});
