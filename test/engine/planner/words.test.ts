import { describe, expect, it } from 'vitest';
import { identifierWords, pluralOf, stem } from '../../../src/engine/planner/words.js';

describe('planner words', () => {
  it.each([
    [['use', 'uses', 'used', 'using', 'USES'], 'us'],
    [['work', 'works', 'worked', 'working'], 'work'],
    [['live', 'lives', 'lived', 'living'], 'liv'],
    [['locate', 'located', 'locates', 'LOCATED'], 'locat'],
    [['manage', 'manages', 'managed', 'managing'], 'manag'],
    [['cite', 'cites', 'cited', 'citing'], 'cit'],
    [['contribute', 'contributes', 'contributed', 'contributing'], 'contribut'],
    [['company', 'companies'], 'company'],
    [['person', 'people'], 'person'],
    [['technology', 'technologies'], 'technology'],
    [['write', 'writes', 'wrote', 'written'], 'writ'],
    [['stop', 'stopped', 'stops'], 'stop'],
    [['employee', 'employees'], 'employee'],
    [['need', 'needs'], 'need'],
  ])('%j all stem to %s', (words, expected) => {
    for (const word of words) expect(stem(word), word).toBe(expected);
  });

  it('keeps words without a vowel before -ing whole', () => {
    expect(stem('thing')).toBe('thing');
    expect(stem('bring')).toBe('bring');
  });

  it('splits identifiers and makes plurals', () => {
    expect(identifierWords('WORKS_AT')).toEqual(['works', 'at']);
    expect(identifierWords('releaseYear')).toEqual(['release', 'year']);
    expect(pluralOf('Person'.toLowerCase())).toBe('people');
    expect(pluralOf('city')).toBe('cities');
    expect(pluralOf('box')).toBe('boxes');
    expect(pluralOf('project')).toBe('projects');
  });
});
