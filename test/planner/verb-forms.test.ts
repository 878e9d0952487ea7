import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { firstValues, graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * A relationship's verb said in other forms: "dependent on" (the adjective WordNet makes of
 * "depend") for DEPENDS_ON, and "contained in" (a passive) for CONTAINS, which was read as text
 * that contains something. Before, the first was "the graph records nothing about dependent" and
 * the second "I could not place contained". And a word right after "named" is a name looked up
 * as one, even where a list property holds it as a value too ("the library named zlib", which
 * the modules' `dependencies` also list). "Which crate does the box 'Box C' belong to?": a verb
 * whose preposition ends the question links the things said before it, by the one way the schema
 * joins them (it was "I could not place “belong”"). On an invented graph.
 */
const BUILD: UpsertBatch = {
  nodes: [
    node('m:1', 'Module', { name: 'netcore', dependencies: ['zlib', 'openssl'] }),
    node('m:2', 'Module', { name: 'imaging', dependencies: ['libpng'] }),
    node('m:3', 'Module', { name: 'archiver', dependencies: ['bzip'] }),
    node('l:1', 'Library', { name: 'zlib' }),
    node('l:2', 'Library', { name: 'libpng' }),
    node('c:1', 'Crate', { name: 'C1' }),
    node('c:2', 'Crate', { name: 'C2' }),
    node('b:1', 'Box', { name: 'Box A' }),
    node('b:2', 'Box', { name: 'Box B' }),
    node('b:3', 'Box', { name: 'Box C' }),
  ],
  relationships: [
    rel('m:1', 'DEPENDS_ON', 'l:1'),
    rel('m:2', 'DEPENDS_ON', 'l:1'),
    rel('m:3', 'DEPENDS_ON', 'l:1'),
    rel('m:2', 'DEPENDS_ON', 'l:2'),
    rel('c:1', 'CONTAINS', 'b:1'),
    rel('c:1', 'CONTAINS', 'b:2'),
    rel('c:2', 'CONTAINS', 'b:3'),
  ],
};

describe("a relationship's verb in other forms", () => {
  const planner = plannerOnScratch('verbforms', BUILD);

  it.each([
    ["Which modules are dependent on the library named 'libpng'?", ['imaging']],
    ['Which modules are dependent on libpng?', ['imaging']],
    ["Which boxes are contained in crate 'C1'?", ['Box A', 'Box B']],
    ['List the boxes contained within C2.', ['Box C']],
    ["Which modules have a name containing 'net'?", ['netcore']],
    // A verb whose preposition ends the question links what was said before it, the one way the schema does.
    ["Which crate does the box 'Box C' belong to?", ['C2']],
    ['Which libraries does the module netcore depend on?', ['zlib']],
  ])('%s', async (question, names) => {
    expect(firstValues(await planner().ask(question))).toEqual(names);
  });

  it.each(['How many modules depend on the library named zlib?', 'How many modules are dependent on the library named zlib?'])(
    '%s: a word after "named" is the name of a thing, not a value a list property holds',
    async (question) => {
      const answer = await planner().ask(question);
      expect(answer.cypher).not.toMatch(/dependencies/);
      expect(answer.rows).toEqual([{ count: 3 }]);
    },
  );
});

describe('a passive whose subject the relationship never reaches', () => {
  const planner = plannerOnScratch('passiveends', BUILD);

  // Only crates contain: "crates … contained" is not read as the crates that contain boxes, the opposite.
  it.each(['Which crates have been contained?', 'How many crates were contained?'])('%s is not answered with what they contain', async (question) => {
    const answer = await planner().ask(question);
    expect(answer.cypher, answer.cypher).toBeUndefined();
  });

  // With its preposition left at the end, the subject is what the preposition is about: not read actively either.
  it('Which modules have been depended on the most by libraries? is not answered with what they depend on', async () => {
    const answer = await planner().ask('Which modules have been depended on the most by libraries?');
    expect(answer.cypher, answer.cypher).toBeUndefined();
  });

  // With the thing it is about named after the preposition, the graph's one direction still reads it.
  it("Which crates are contained in the box 'Box A'? is read by the one way the graph stores", async () => {
    expect(firstValues(await planner().ask("Which crates are contained in the box 'Box A'?"))).toEqual(['C1']);
  });

  it('reads the passive of what it does reach', async () => {
    expect(firstValues(await planner().ask('Which boxes have been contained?'))).toEqual(['Box A', 'Box B', 'Box C']);
  });
});
