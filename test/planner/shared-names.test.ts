import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { firstValues, graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * A name many things of one label share ("the process named 'nginx'", one on every host) is
 * what they are called together: all of them are meant, not one a person must pick. Two
 * namesakes are still asked about. "How many processes are named 'nginx'?" counts those of
 * that name, and says so, never reading "named" as a relationship to one of them. On an
 * invented server farm.
 */
const HOSTS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
const FARM: UpsertBatch = {
  nodes: [
    ...HOSTS.map((h) => node(h, 'Host', { name: h })),
    ...HOSTS.map((h, i) => node(`p:nginx:${h}`, 'Process', { name: 'nginx', pid: 100 + i, ...(i < 2 ? { modules: ['gzip', 'ssl'] } : {}) })),
    ...HOSTS.map((h, i) => node(`p:agent:${h}`, 'Process', { name: '1.2', pid: 200 + i })),
    node('v:1.2', 'Version', { name: '1.2' }),
    node('p:db', 'Process', { name: 'postgres', pid: 7 }),
    node('o:1', 'Operator', { name: 'Sam Lee', shift: 'day' }),
    node('o:2', 'Operator', { name: 'Sam Lee', shift: 'night' }),
  ],
  relationships: [
    ...HOSTS.map((h) => rel(h, 'RUNS', `p:nginx:${h}`)),
    ...HOSTS.map((h) => rel(`p:agent:${h}`, 'INSTANCE', 'v:1.2')),
    rel('h1', 'RUNS', 'p:db'),
    rel('p:nginx:h1', 'CALLS', 'p:db'),
    rel('o:1', 'MANAGES', 'h1'),
    rel('o:2', 'MANAGES', 'h2'),
  ],
};

describe('a name many things share (a server farm)', () => {
  const planner = plannerOnScratch('shared names farm', FARM);

  it('means every thing of that name', async () => {
    const hosts = await planner().ask("Which hosts run the process named 'nginx'?");
    expect(hosts.resolution).toBeUndefined();
    expect(firstValues(hosts)).toEqual(HOSTS);
    const count = await planner().ask("How many processes are named 'nginx'?");
    expect(count.rows, count.cypher).toEqual([{ count: 6 }]);
    expect(count.text).toBe('There are 6 processes named nginx.');
  });

  it('says the values those of the name have, not an unknown for those without', async () => {
    const answer = await planner().ask("What are the modules of the process named 'nginx'?");
    expect(answer.text).toBe('The modules of nginx are gzip, ssl.');
  });

  it('is the things of the label said before the name, or a question', async () => {
    const answer = await planner().ask("Which processes are instances of the version '1.2'?");
    if (answer.resolution === undefined) expect(answer.cypher).toContain("(n1:Version {name: '1.2'})");
    else expect(answer.resolution).toBe('ambiguous');
  });

  it('asks which one of two namesakes', async () => {
    const answer = await planner().ask('Which hosts does Sam Lee manage?');
    expect(answer.resolution).toBe('ambiguous');
  });
});
