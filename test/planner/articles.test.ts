import { describe, expect, it } from 'vitest';
import { withArticle } from '../../src/planner/answer/phrases.js';

/** Answers say "a user", "a unit" (a "u" said "you"), as they said "an update", "an event", "a parcel"; they said "an user". */
describe('the article before a label word', () => {
  it.each([
    ['user', 'a user'],
    ['unit', 'a unit'],
    ['utility', 'a utility'],
    ['update', 'an update'],
    ['umbrella', 'an umbrella'],
    ['event', 'an event'],
    ['interface', 'an interface'],
    ['parcel', 'a parcel'],
    ['User', 'a User'],
  ])('%s', (word, said) => {
    expect(withArticle(word)).toBe(said);
  });
});
