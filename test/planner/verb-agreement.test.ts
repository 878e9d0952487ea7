import { describe, expect, it } from 'vitest';
import { verb } from '../../src/planner/answer/phrases.js';

/** A relationship said of several things agrees by the verb's own lemma, whatever its ending. */
describe('a plural verb in an answer', () => {
  it('takes the lemma: "supervise", "carry", "pass", "watch", "use"', () => {
    expect(verb('supervises', true)).toBe('supervise');
    expect(verb('carries', true)).toBe('carry');
    expect(verb('passes', true)).toBe('pass');
    expect(verb('watches', true)).toBe('watch');
    expect(verb('uses', true)).toBe('use');
    expect(verb('goes to', true)).toBe('go to');
    expect(verb('supervises', false)).toBe('supervises');
  });
});
