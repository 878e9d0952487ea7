import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { firstValues, graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * "posts mentioning 'deadline'": a text said to be in a thing named by a short code or id is in
 * the one property of it that holds prose, not in its code (which matched nothing, confidently:
 * "I found no posts …"). A thing named by a real name is still searched by its name. Each on two
 * small invented graphs.
 */

const long = (s: string) => `${s} ${'and more words that make this a paragraph rather than a name or a code, '.repeat(2)}`;

const FORUM: UpsertBatch = {
  nodes: [
    node('u:1', 'Author', { name: 'Ines Varga' }),
    node('u:2', 'Author', { name: 'Omar Haddad' }),
    node('p:1', 'Post', { postId: 'p1', body: long('The deadline moved to Friday,') }),
    node('p:2', 'Post', { postId: 'p2', body: long('Lunch is served in the hall,') }),
  ],
  relationships: [rel('u:1', 'WROTE', 'p:1'), rel('u:2', 'WROTE', 'p:2')],
};

const DESK: UpsertBatch = {
  nodes: [
    node('c:1', 'Customer', { name: 'Harbour Cafe' }),
    node('c:2', 'Customer', { name: 'Hill Bakery' }),
    node('t:1', 'Ticket', { ticketNo: 'T-7', description: long('The printer jams on every page,') }),
    node('t:2', 'Ticket', { ticketNo: 'T-8', description: long('The login page times out,') }),
  ],
  relationships: [rel('c:1', 'OPENED', 't:1'), rel('c:2', 'OPENED', 't:2')],
};

describe('text in prose (a forum)', () => {
  const planner = plannerOnScratch('prose forum', FORUM);
  it('"mentioning" looks in the body, not the post id', async () => {
    expect(firstValues(await planner().ask("Which posts contain 'deadline'?"))).toEqual(['p1']);
    expect(firstValues(await planner().ask("Which authors wrote a post containing 'Lunch'?"))).toEqual(['Omar Haddad']);
  });
  it('a thing named by its name is still searched by it', async () => {
    expect(firstValues(await planner().ask("Which authors have a name containing 'Varga'?"))).toEqual(['Ines Varga']);
  });
});

describe('text in prose (a support desk)', () => {
  const planner = plannerOnScratch('prose desk', DESK);
  it('"containing" looks in the description, not the ticket number', async () => {
    expect(firstValues(await planner().ask("Which customers opened a ticket containing 'printer'?"))).toEqual(['Harbour Cafe']);
  });
});
