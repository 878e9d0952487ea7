import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { firstValues, graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * Schema words as people write them: an acronym's plural ("IPs" for `ip`, which the tagger left
 * as a word of its own, so "IPs of the Servers" was looked up as one name), and a noun saying what
 * kind of value a property holds after its words ("IP addresses", "serial numbers"). Before, each
 * was "I could not find anything called …" or "the graph records nothing about …"; so were "a RAM
 * capacity of 64 or more" (whose "or more" was then left over), "… in the schema" and "rack number 2"
 * for a server's `rack` beside a `Rack` label. A capitalized
 * plural label and "the number of" are read as before. On an invented graph.
 */
const HALL: UpsertBatch = {
  nodes: [
    node('r:1', 'Rack', { name: 'R1', row: 1 }),
    node('r:2', 'Rack', { name: 'R2', row: 2 }),
    node('s:1', 'Server', { name: 'alpha', ip: '10.0.0.1', serial: 'SN-1', ram: 32 }),
    node('s:2', 'Server', { name: 'beta', ip: '10.0.0.2', serial: 'SN-2', ram: 64 }),
    node('s:3', 'Server', { name: 'gamma', ip: '10.0.1.1', serial: 'SN-3', ram: 128 }),
  ],
  relationships: [rel('r:1', 'HOLDS', 's:1'), rel('r:1', 'HOLDS', 's:2'), rel('r:2', 'HOLDS', 's:3')],
};

describe('property and label words in the forms people write them', () => {
  const planner = plannerOnScratch('propwordforms', HALL);

  it.each([
    ["What are the IPs of the servers held by rack 'R1'?", ['10.0.0.1', '10.0.0.2']],
    ["What are the IPs of the Servers held by rack 'R1'?", ['10.0.0.1', '10.0.0.2']],
    ["What are the IP addresses of the Servers held by rack 'R1'?", ['10.0.0.1', '10.0.0.2']],
    ["List the serial numbers of the servers held by 'R2'.", ['SN-3']],
  ])('%s', async (question, values) => {
    const answer = await planner().ask(question);
    expect(answer.rows.map((r) => r.ip ?? r.serial ?? Object.values(r).find((v) => typeof v === 'string' && /^(10\.|SN-)/.test(v))).sort()).toEqual(values);
  });

  it('"a RAM capacity of 64 or more": the kind of value, and the comparison after the number', async () => {
    const answer = await planner().ask('Which servers have a RAM capacity of 64 or more?');
    expect(firstValues(answer)).toEqual(['beta', 'gamma']);
    expect(answer.text).toContain('ram 64 or more');
  });

  it('"in the schema" says nothing of what is asked', async () => {
    expect((await planner().ask('How many servers are there in the schema?')).rows).toEqual([{ count: 3 }]);
  });

  it('How many Racks are there?', async () => {
    expect((await planner().ask('How many Racks are there?')).rows).toEqual([{ count: 2 }]);
  });

  it('"the number of" still counts', async () => {
    expect((await planner().ask("What is the number of servers held by rack 'R1'?")).rows).toEqual([{ count: 2 }]);
  });

  it('names the servers as before', async () => {
    expect(firstValues(await planner().ask("Which servers does rack 'R1' hold?"))).toEqual(['alpha', 'beta']);
  });
});

/** A server's `rack` number beside a `Rack` label: "rack number 2" is the number, not a rack and a stray word. */
const SLOTS: UpsertBatch = {
  nodes: [
    node('r:1', 'Rack', { name: 'R1' }),
    node('r:2', 'Rack', { name: 'R2' }),
    node('s:1', 'Server', { name: 'alpha', rack: 1, slot: 3 }),
    node('s:2', 'Server', { name: 'beta', rack: 1, slot: 7 }),
    node('s:3', 'Server', { name: 'gamma', rack: 2, slot: 1 }),
  ],
  relationships: [rel('r:1', 'HOLDS', 's:1'), rel('r:1', 'HOLDS', 's:2'), rel('r:2', 'HOLDS', 's:3')],
};

describe('a number naming which one, said with "number"', () => {
  const planner = plannerOnScratch('numberwords', SLOTS);

  it.each([
    ['Which servers are in rack number 2?', ['gamma']],
    ['Which server has the highest slot number?', ['beta']],
  ])('%s', async (question, names) => {
    expect(firstValues(await planner().ask(question))).toEqual(names);
  });
});
