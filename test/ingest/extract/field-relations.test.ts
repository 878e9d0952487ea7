import { describe, expect, it } from 'vitest';
import { linkTypeOf, patternTypeOfField } from '../../../src/ingest/extract/text-patterns.js';

/**
 * A link field whose words are a relation the free-text patterns read ("based_in", "worksFor")
 * makes that relation's type, so one relation is one type whether a sentence or a field states
 * it; any other field names its own type. Patterns that carry a title (a role) are left out.
 */
describe('the type of a link field', () => {
  it.each([
    ['based_in', 'LOCATED_IN'],
    ['headquarteredIn', 'LOCATED_IN'],
    ['Located In', 'LOCATED_IN'],
    ['works_at', 'WORKS_AT'],
    ['worksFor', 'WORKS_AT'],
    ['lives_in', 'LIVES_IN'],
    ['supplies', 'SUPPLIES'],
  ])('%s is %s', (field, type) => {
    expect(patternTypeOfField(field)).toBe(type);
    expect(linkTypeOf(field)).toBe(type);
  });

  it.each([
    ['home_port', 'HOME_PORT'],
    ['ceo_of', 'CEO_OF'],
    ['owner', 'OWNER'],
  ])('%s names its own type (%s)', (field, type) => {
    expect(patternTypeOfField(field)).toBeUndefined();
    expect(linkTypeOf(field)).toBe(type);
  });
});
