import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * A verb of place ("located on", "based in") before a quoted street is part of a place property's
 * text (the address holds "Harbour Rd"), and before anything else placed says no more than it;
 * before, the verb and the street were left unplaced and the question declined. Invented graph:
 * a town's cafes, with addresses, towns and zones, and the baristas working at them.
 */

const CAFES: UpsertBatch = {
  nodes: [
    node('c:1', 'Cafe', { name: 'Gull & Kettle', address: '12 Harbour Rd', town: 'Eastwick', zone: 3 }),
    node('c:2', 'Cafe', { name: 'Lantern', address: '40 Harbour Rd', town: 'Eastwick', zone: 1 }),
    node('c:3', 'Cafe', { name: 'Mill House', address: '3 Mill Lane', town: 'Westford', zone: 3 }),
    node('b:1', 'Barista', { name: 'Ida' }),
    node('b:2', 'Barista', { name: 'Jon' }),
    node('b:3', 'Barista', { name: 'Kit' }),
    node('d:1', 'District', { name: 'Old Port' }),
    node('d:2', 'District', { name: 'New Quay' }),
  ],
  relationships: [
    rel('b:1', 'WORKS_AT', 'c:1'),
    rel('b:2', 'WORKS_AT', 'c:3'),
    rel('b:3', 'WORKS_AT', 'c:2'),
    rel('d:1', 'HAS', 'c:1'),
    rel('d:1', 'HAS', 'c:2'),
    rel('d:2', 'HAS', 'c:3'),
  ],
};

describe('where things are, said with a verb of place (cafes)', () => {
  const planner = plannerOnScratch('placeverbs', CAFES);
  const names = (rows: Record<string, unknown>[]) => rows.map((r) => String(r.name)).sort();

  it('reads "located on \'Harbour Rd\'" as part of the address', async () => {
    const answer = await planner().ask("Which cafes are located on 'Harbour Rd'?");
    expect(names(answer.rows), answer.cypher ?? JSON.stringify(answer.reading)).toEqual(['Gull & Kettle', 'Lantern']);
    expect(answer.text).toContain('address on “Harbour Rd”');
  });

  it('carries it through a join', async () => {
    const answer = await planner().ask("Which baristas work at cafes located on 'Harbour Rd'?");
    expect(names(answer.rows), answer.cypher ?? JSON.stringify(answer.reading)).toEqual(['Ida', 'Kit']);
  });

  it('takes the town for "located in"', async () => {
    const answer = await planner().ask("Which cafes are located in 'Westford'?");
    expect(names(answer.rows), answer.cypher ?? JSON.stringify(answer.reading)).toEqual(['Mill House']);
  });

  it('lets the verb go once what follows it is placed', async () => {
    const answer = await planner().ask('Which cafes are located in zone 3?');
    expect(names(answer.rows), answer.cypher ?? JSON.stringify(answer.reading)).toEqual(['Gull & Kettle', 'Mill House']);
    const joined = await planner().ask("Which baristas work at cafes located in district 'New Quay'?");
    expect(names(joined.rows), joined.cypher ?? JSON.stringify(joined.reading)).toEqual(['Jon']);
  });
});
