import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { plannerOn } from '../support/planner.js';
import { openScratchGraph } from '../support/scratch-graph.js';

/**
 * Ranking by how many: the noun the question counts by ("followers", "reviews") is what the answer
 * says; a support verb after an event's noun ("reviews written", "ratings given") adds no second
 * relationship, a verb of its own ("orders returned") does; asked for 3 when only 2 have any, the
 * answer says so, and when none has any it says that; "the most reviews" of things a named
 * person wrote or reviewed counts everyone's reviews of them; "the top 2" with nothing named to
 * rank by says it is no ranking. Each on two small graphs of invented domains.
 */

const node = (key: string, label: string, name: string) => ({ key, labels: [label], properties: { name } });
const rel = (fromKey: string, type: string, toKey: string) => ({ fromKey, type, toKey });

/** A forum: users follow users, review products and write posts. */
const FORUM: UpsertBatch = {
  nodes: [
    node('u:ines', 'User', 'Ines Varga'),
    node('u:omar', 'User', 'Omar Haddad'),
    node('u:lena', 'User', 'Lena Brandt'),
    node('u:piet', 'User', 'Piet Smit'),
    node('p:kettle', 'Product', 'Steel Kettle'),
    node('p:lamp', 'Product', 'Desk Lamp'),
    node('p:mug', 'Product', 'Clay Mug'),
    node('p:vase', 'Product', 'Glass Vase'),
  ],
  relationships: [
    rel('u:omar', 'FOLLOWS', 'u:ines'),
    rel('u:lena', 'FOLLOWS', 'u:ines'),
    rel('u:ines', 'FOLLOWS', 'u:omar'),
    rel('u:ines', 'REVIEWED', 'p:kettle'),
    rel('u:ines', 'REVIEWED', 'p:lamp'),
    rel('u:ines', 'REVIEWED', 'p:mug'),
    rel('u:omar', 'REVIEWED', 'p:mug'),
    rel('u:lena', 'WROTE', 'p:lamp'),
    rel('u:piet', 'WROTE', 'p:vase'),
  ],
};

/** A book club: members rate books, give books as gifts, and mentor members; shops order and return books. */
const CLUB: UpsertBatch = {
  nodes: [
    node('m:ada', 'Member', 'Ada Quint'),
    node('m:bo', 'Member', 'Bo Lindqvist'),
    node('m:cy', 'Member', 'Cy Okafor'),
    node('b:dune', 'Book', 'Sand Tides'),
    node('b:moss', 'Book', 'Moss and Stone'),
    node('s:corner', 'Shop', 'Corner Books'),
    node('s:harbor', 'Shop', 'Harbor Reads'),
  ],
  relationships: [
    rel('m:bo', 'RATED', 'b:dune'),
    rel('m:bo', 'RATED', 'b:moss'),
    rel('m:ada', 'RATED', 'b:dune'),
    rel('m:ada', 'GAVE', 'b:dune'),
    rel('m:ada', 'GAVE', 'b:moss'),
    rel('m:ada', 'MENTORS', 'm:bo'),
    rel('s:corner', 'ORDERED', 'b:dune'),
    rel('s:corner', 'ORDERED', 'b:moss'),
    rel('s:harbor', 'ORDERED', 'b:moss'),
    rel('s:harbor', 'RETURNED', 'b:moss'),
  ],
};

describe.each([
  ['forum', FORUM],
  ['book club', CLUB],
])('counted nouns on the %s graph', (name, batch) => {
  let scratch: Awaited<ReturnType<typeof openScratchGraph>>;
  let planner: Awaited<ReturnType<typeof plannerOn>>;

  beforeAll(async () => {
    scratch = await openScratchGraph(name.replace(/\W/g, ''), batch);
    planner = await plannerOn(scratch.graph);
  });
  afterAll(() => scratch?.close());

  const ask = async (question: string) => {
    const answer = await planner.ask(question);
    if (!answer.reading.ok) throw new Error(`${question}: ${answer.reading.reason}`);
    return answer;
  };

  if (name === 'forum') {
    it('says the noun it counted by', async () => {
      expect((await ask('Which user has the most followers?')).text).toBe('Ines Varga has the most followers (2).');
      expect((await ask('Which users have the most reviews?')).text).toMatch(/^Ines Varga has the most reviews \(3\)\.$|^The \d users with the most reviews: Ines Varga \(3\)/);
    });
    it('reads "reviews written" as reviews, not also as writing', async () => {
      const answer = await ask('Who are the 2 users with the most reviews written?');
      expect(answer.cypher).not.toContain('WROTE');
      expect(answer.text).toBe('The 2 users with the most reviews: Ines Varga (3) and Omar Haddad (1).');
    });
    it('"the top 2" with nothing to rank by says it is no ranking', async () => {
      const answer = await ask('List the top 2 products that Ines Varga reviewed.');
      expect(answer.rows).toHaveLength(2);
      expect(answer.text).toMatch(/^2 products .*, in no particular order \(“top” names nothing to rank by\): /);
    });
    it('asked for 3 when only 2 have any, says so', async () => {
      expect((await ask('Which 3 users have the most followers?')).text).toBe('Only 2 users have any followers: Ines Varga (2) and Omar Haddad (1).');
    });
    it('the most reviews of things a named user wrote or reviewed are everyone’s reviews of them, not the user’s own', async () => {
      const wrote = await ask('Which products that Lena Brandt wrote have the most reviews?');
      expect(wrote.rows).toEqual([{ name: 'Desk Lamp', count: 1 }]);
      expect(wrote.text).toBe('Desk Lamp has the most reviews (1).');
      const reviewed = await ask('Which products that Ines Varga reviewed have the most reviews?');
      expect(reviewed.text).toBe('Of the products that Ines Varga reviewed, the 3 with the most reviews: Clay Mug (2), Desk Lamp (1) and Steel Kettle (1).');
      // Nothing named: the reviews are still the ranked users’, not a second tie between users and products.
      const writers = await ask('Which users who wrote a product have the most reviews?');
      expect(writers.rows).toEqual([]);
      expect(writers.text).toBe('I counted no reviews for any user that wrote a product, so there is nothing to rank.');
    });
    it('when none has any, says that, not that there is nothing of the kind', async () => {
      const answer = await ask('Which products written by Piet Smit have the most reviews?');
      expect(answer.rows).toEqual([]);
      expect(answer.text).toBe('I counted no reviews for any product that Piet Smit wrote, so there is nothing to rank.');
    });
  } else {
    it('says the noun it counted by', async () => {
      expect((await ask('Which member has the most ratings?')).text).toBe('Bo Lindqvist has the most ratings (2).');
    });
    it('reads "ratings given" as ratings, not also as gifts; "orders returned" keeps returning', async () => {
      const given = await ask('Which member has the most ratings given?');
      expect(given.cypher).not.toContain('GAVE');
      expect(given.text).toBe('Bo Lindqvist has the most ratings (2).');
      const returned = await ask('Which shop has the most orders returned?');
      expect(returned.cypher).toContain('RETURNED');
      expect(returned.rows.map((r) => r.name)).toEqual(['Harbor Reads']);
    });
    it('"the top 1" with nothing to rank by says it is no ranking', async () => {
      const answer = await ask('Show the top 1 book that Bo Lindqvist rated.');
      expect(answer.rows).toHaveLength(1);
      expect(answer.text).toMatch(/^1 book .*, in no particular order \(“top” names nothing to rank by\): /);
    });
    it('asked for 3 when only 2 have any, says so', async () => {
      expect((await ask('Which 3 members have the most ratings?')).text).toBe('Only 2 members have any ratings: Bo Lindqvist (2) and Ada Quint (1).');
    });
    it('the most ratings of members or books a named member mentors or rated are theirs, not the named member’s', async () => {
      expect((await ask('Which members that Ada Quint mentors have the most ratings?')).text).toBe('Bo Lindqvist has the most ratings (2).');
      expect((await ask('Which books that Ada Quint rated have the most ratings?')).text).toBe('Sand Tides has the most ratings (2).');
    });
    it('when none has any, says that, not that there is nothing of the kind', async () => {
      const answer = await ask('Which members that Bo Lindqvist mentors have the most ratings?');
      expect(answer.rows).toEqual([]);
      expect(answer.text).toBe('I counted no ratings for any member that Bo Lindqvist mentors, so there is nothing to rank.');
    });
  }
});
