import { describe, expect, it } from 'vitest';
import { graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * "the same <kind> as <named thing>" without a verb to say how: shops of an invented town, each in
 * a district (a thing of its own) and a street (a value it holds). The things that share it with
 * the named one, the named one left out.
 */
describe('the same kind of thing, or value, as a named thing', () => {
  const planner = plannerOnScratch('same as named', {
    nodes: [
      node('s1', 'Shop', { name: 'Corner Books', street: 'Quay St' }),
      node('s2', 'Shop', { name: 'Mill Bakery', street: 'Quay St' }),
      node('s3', 'Shop', { name: 'Tide Tackle', street: 'Harbour Rd' }),
      node('s4', 'Shop', { name: 'Kiln Pots', street: 'Harbour Rd' }),
      node('d1', 'District', { name: 'Old Town' }),
      node('d2', 'District', { name: 'Docks' }),
    ],
    relationships: [rel('s1', 'IN_DISTRICT', 'd1'), rel('s3', 'IN_DISTRICT', 'd1'), rel('s2', 'IN_DISTRICT', 'd2'), rel('s4', 'IN_DISTRICT', 'd2')],
  });

  it('joins through the thing they share', async () => {
    const answer = await planner().ask("Which shops are in the same district as 'Corner Books'?");
    expect(answer.reading.ok, JSON.stringify(answer.reading)).toBe(true);
    expect(answer.rows.map((r) => r.name)).toEqual(['Tide Tackle']);
    expect(answer.text).toMatch(/Corner Books/);
  });

  it('joins what else is said to the things asked, not to the named one', async () => {
    const answer = await planner().ask("Which districts are listed for the shops on the same street as 'Kiln Pots'?");
    expect(answer.reading.ok, JSON.stringify(answer.reading)).toBe(true);
    expect(answer.rows.map((r) => r.name)).toEqual(['Old Town']);
  });

  it('compares the value they share', async () => {
    const answer = await planner().ask("Which shops are on the same street as 'Kiln Pots'?");
    expect(answer.reading.ok, JSON.stringify(answer.reading)).toBe(true);
    expect(answer.rows.map((r) => r.name)).toEqual(['Tide Tackle']);
    expect(answer.text).toMatch(/street the same as Kiln Pots/);
  });
});
