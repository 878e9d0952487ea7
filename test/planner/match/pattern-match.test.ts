import { describe, expect, it } from 'vitest';
import { matchKeysOf, patternMatchKey } from '../../../src/planner/match/match-keys.js';
import { buildPattern as buildPatternWith, matchPattern as matchPatternWith } from '../../../src/planner/match/pattern-match.js';
import { MATCH_THRESHOLD } from '../../../src/planner/match/alignment.js';
import type { TemplateName } from './matcher-cases.js';
import { matcherWords, questionTokens } from '../../../src/planner/match/question.js';
import { MATCH_CASES, MOVIE_SYNONYMS, TEMPLATE_SOURCES } from './matcher-cases.js';

const words = matcherWords(MOVIE_SYNONYMS);
const buildPattern = (question: string, slots: { name: string; value: string }[]) => buildPatternWith(question, slots, words);
const matchPattern = (pattern: string, question: string) => matchPatternWith(pattern, question, words);
const candidateMatchKeys = (question: string) => matchKeysOf(questionTokens(question, words));

const templates = Object.fromEntries(
  Object.entries(TEMPLATE_SOURCES).map(([name, t]) => [name, buildPattern(t.question, t.slots)]),
) as Record<TemplateName, ReturnType<typeof buildPattern>>;

describe('buildPattern', () => {
  it('cuts the values out of the question', () => {
    expect(templates.actedIn).toEqual({ pattern: 'what movie do {name} act in', slots: ['name'] });
    expect(templates.actedAfter).toEqual({
      pattern: 'what movie release after {released:number} do {name} act in',
      slots: ['released', 'name'],
    });
    expect(templates.directedBy).toEqual({ pattern: 'who direct {title}', slots: ['title'] });
    expect(patternMatchKey(templates.countActed.pattern)).toBe('count movie act');
  });

  it('finds values whatever their case; a value not in the question is not a slot', () => {
    expect(
      buildPattern('what movies did tom hanks act in before 2000?', [
        { name: 'name', value: 'Tom Hanks' },
        { name: 'limit', value: '25' },
      ]),
    ).toEqual({ pattern: 'what movie do {name} act in before 2000', slots: ['name'] });
  });

  it('gives each question word to one slot at most', () => {
    const built = buildPattern('Who acted with Tom Hanks and Tom Cruise?', [
      { name: 'a', value: 'Tom' },
      { name: 'b', value: 'Tom Cruise' },
    ]);
    expect(built.pattern).toBe('who act with {a} hanks and {b}');
    expect(built.slots).toEqual(['a', 'b']);
  });

  it('refuses slot names that are not identifiers', () => {
    expect(() => buildPattern('Who directed The Matrix?', [{ name: 'the title', value: 'The Matrix' }])).toThrow(/invalid slot name/);
  });
});

describe('match keys', () => {
  it('key a template by its content and critical words, slots and frame words left out', () => {
    expect(patternMatchKey(templates.actedIn.pattern)).toBe('movie act');
    expect(patternMatchKey('what movie release after {released:number} did {name} act in')).toBe('movie release after act');
  });

  it('give a question every key its template could have: its words with up to three runs taken out', () => {
    const keys = candidateMatchKeys('Which films did Meg Ryan act in?');
    expect(keys).toContain('movie act');
    expect(keys).toContain('movie meg ryan act');
    expect(keys).not.toContain('movie ryan meg act');
    expect(candidateMatchKeys('Which films released after 2001 did Keanu Reeves act in')).toContain('movie release after act');
    expect(candidateMatchKeys('is it the?')).toEqual(['']);
  });

  it('every matching case of the table is found by its template key', () => {
    for (const [name, question, values] of cases) {
      if (values === null) continue;
      expect(candidateMatchKeys(question), question).toContain(patternMatchKey(templates[name].pattern));
    }
  });

  it('bound the keys of a long question', () => {
    const long = 'movies actors directors writers released after 1990 before 2000 by big studios in California and New York';
    expect(candidateMatchKeys(long).length).toBeLessThanOrEqual(4000);
  });
});

const cases = MATCH_CASES;


describe('matchPattern', () => {
  it.each(cases)('%s ← %s', (template, question, expected) => {
    const result = matchPattern(templates[template].pattern, question);
    expect(typeof result.reason).toBe('string');
    expect(result.reason.length).toBeGreaterThan(0);
    expect(result.score).toBeGreaterThanOrEqual(0);
    expect(result.score).toBeLessThanOrEqual(1);
    if (expected) {
      expect(result.score, result.reason).toBeGreaterThanOrEqual(MATCH_THRESHOLD);
      expect('values' in result && result.values).toEqual(expected);
    } else {
      expect(result.score, 'values' in result ? JSON.stringify(result.values) : result.reason).toBeLessThan(MATCH_THRESHOLD);
    }
  });

  it('explains in plain words', () => {
    const pattern = templates.actedIn.pattern;
    expect(matchPattern(pattern, 'Which films did Meg Ryan act in?')).toEqual({
      score: 1,
      values: { name: 'Meg Ryan' },
      reason: 'same question with other values for name',
    });
    expect(matchPattern(pattern, 'Which movies did Tom Hanks NOT act in?')).toEqual({ score: 0, reason: "extra significant word 'not'" });
    expect(matchPattern(pattern, 'What movies did Tom Hanks direct?')).toEqual({ score: 0, reason: "extra significant word 'direct'; missing 'act'" });
    expect(matchPattern(pattern, 'How many movies did Tom Hanks act in?').reason).toBe("extra significant word 'How many'");
    expect(matchPattern(pattern, 'What movies did act in?').reason).toBe('no value for name');
    const list = matchPattern(pattern, 'List the movies Tom Cruise ever acted in.');
    expect(list.score).toBeCloseTo(0.88);
    expect(list.reason).toBe("same question with other values for name, apart from 'List' for 'what', extra word 'ever'");
    const comedy = matchPattern(pattern, 'What comedy movies did Tom Hanks act in?');
    expect(comedy).toEqual({ score: 0.5, values: { name: 'Tom Hanks' }, reason: "extra significant word 'comedy'" });
    expect(matchPattern(templates.actedAfter.pattern, 'Which movies released after Tom Hanks did Meg Ryan act in?').reason).toBe('released needs a number');
    expect(matchPattern(templates.coActors.pattern, 'Who acted with Meg Ryan Cast Away?').reason).toBe("missing 'in' between two values");
    expect(matchPattern(pattern, 'What movies did Tom Hanks and Meg Ryan act in?').reason).toBe("'and' inside the value for name (two values?)");
    // A lower-case article is not taken for part of a title.
    expect(matchPattern(templates.directedBy.pattern, 'Who directed the Matrix?')).toMatchObject({ score: 1, values: { title: 'Matrix' } });
  });

  it('bounds the number of extra words that do not change the question', () => {
    const pattern = templates.actedIn.pattern;
    expect(matchPattern(pattern, 'What movies did Tom Hanks also ever act in?').score).toBeGreaterThanOrEqual(MATCH_THRESHOLD);
    expect(matchPattern(pattern, 'Just list what movies did Tom Hanks also really ever act in exactly?').score).toBeLessThan(MATCH_THRESHOLD);
  });

  it('refuses a pattern with nothing to anchor on', () => {
    expect(matchPattern('{name}', 'Tom Hanks')).toEqual({ score: 0, reason: 'the template question has no significant words to anchor on' });
    expect(matchPattern(templates.actedIn.pattern, '?!')).toEqual({ score: 0, reason: 'the question has no words' });
  });
});
