import { describe, expect, it } from 'vitest';
import { cypherName } from '../../src/cypher/text.js';

/** Names of a graph written into Cypher: plain ones bare, others and Cypher's keywords in backticks. */
describe('cypherName', () => {
  it.each([
    ['Movie', 'Movie'],
    ['ACTED_IN', 'ACTED_IN'],
    ['IN', '`IN`'],
    ['order', '`order`'],
    ['Count', '`Count`'],
    ['first name', '`first name`'],
    ['a`b', '`a``b`'],
  ])('%s → %s', (name, written) => {
    expect(cypherName(name)).toBe(written);
  });
});
