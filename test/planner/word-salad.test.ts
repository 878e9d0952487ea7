import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoGraph } from '../../src/demo/graph.js';
import { plannerOn } from '../support/planner.js';
import { openScratchGraph } from '../support/scratch-graph.js';

/**
 * Questions made of the planner's own cue words, names, numbers and noise in random order: it
 * reads them or says why not, and whatever it writes runs (no negative limit, no broken Cypher).
 */
const WORDS = [
  'which', 'who', 'how', 'many', 'most', 'least', 'top', 'first', '3', '1990s', 'between', 'and', 'not', 'people', 'companies',
  'work', 'at', 'Nimbus Labs', 'Maya Patel', "'quoted'", '"x"', 'before', '2000', 'after', 'average', 'stars', 'founded', 'in',
  'the', 'same', 'as', 'different', '*', '`', '\\', 'Ω', '😀', '-1', '0', '1e309', 'with', 'containing', 'of', 'by', 'is', 'she',
  'it', '?', 'March', '2020', 'born', 'cited', 'citations', 'more', 'than', 'every', 'none',
];

describe('the planner on word salad', () => {
  let scratch: Awaited<ReturnType<typeof openScratchGraph>>;
  let planner: Awaited<ReturnType<typeof plannerOn>>;
  beforeAll(async () => {
    scratch = await openScratchGraph('salad', demoGraph());
    planner = await plannerOn(scratch.graph);
  });
  afterAll(() => scratch?.close());

  it('never throws, and every query it writes runs', async () => {
    let seed = 23;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    let read = 0;
    for (let i = 0; i < 400; i++) {
      const question = Array.from({ length: 1 + Math.floor(next() * 12) }, () => WORDS[Math.floor(next() * WORDS.length)]).join(' ');
      const answer = await planner.ask(question).catch((error: unknown) => {
        throw new Error(`${JSON.stringify(question)}: ${String(error)}`);
      });
      if (answer.reading.ok) read++;
    }
    // Some of it reads as a question; most of it does not.
    expect(read).toBeGreaterThan(0);
  }, 60_000);

  it('reads words that name what every object inherits (constructor, __proto__, toString) as words, not as cues or pronouns', async () => {
    for (const word of ['constructor', '__proto__', 'toString', 'valueOf', 'hasOwnProperty']) {
      for (const question of [`Which company has the most ${word}?`, `Who is the ${word}est person?`, `How many ${word} are there?`, `Where does ${word} live?`]) {
        const answer = await planner.ask(question).catch((error: unknown) => {
          throw new Error(`${JSON.stringify(question)}: ${String(error)}`);
        });
        expect(answer.reading.ok, question).toBe(false);
      }
    }
  });
});
