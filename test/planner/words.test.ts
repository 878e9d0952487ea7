import { describe, expect, it } from 'vitest';
import { identifierWords, pluralOf, wordKey } from '../../src/planner/read/words.js';

describe('planner words', () => {
  it.each([
    [['use', 'uses', 'used', 'using', 'USES'], 'use'],
    [['work', 'works', 'worked', 'working'], 'work'],
    [['live', 'lives', 'lived'], 'live'],
    [['locate', 'located', 'locates', 'LOCATED'], 'locate'],
    [['manage', 'manages', 'managed', 'managing'], 'manage'],
    [['cite', 'cites', 'cited', 'citing'], 'cite'],
    [['contribute', 'contributes', 'contributed', 'contributing'], 'contribute'],
    [['company', 'companies'], 'company'],
    [['person', 'people'], 'person'],
    [['technology', 'technologies'], 'technology'],
    [['write', 'writes', 'wrote', 'written'], 'write'],
    [['stop', 'stopped', 'stops'], 'stop'],
    [['employee', 'employees'], 'employee'],
    [['need', 'needs'], 'need'],
    [['thing', 'things'], 'thing'],
  ])('%j all have the key %s (the lemma the language layer gives)', (words, expected) => {
    for (const word of words) expect(wordKey(word), word).toBe(expected);
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
