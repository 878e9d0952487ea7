import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { expect, it } from 'vitest';
import type { ConstructionRead } from '../../../src/planner/interpret/construction.js';
import { CONSTRUCTION_CHANNEL } from '../../../src/planner/interpret/construction.js';
import type { UpsertBatch } from '../../../src/stores/graph/port.js';
import type { PlannerAnswer } from '../../support/planner.js';
import { firstValues, graphNode as node, graphRel as rel, plannerOnScratch } from '../../support/planner.js';

/**
 * An invented harbour for the tests of the interpreter's constructions: vessels with numbers,
 * dates, a flag, a motto (missing on one), a capacity and the date each was last inspected; ports with a recurring country and an
 * address, linked to each other; captains who command vessels and inspect them (with a rating, cleared or not); voyages vessels made to ports.
 */
export const HARBOUR: UpsertBatch = {
  nodes: [
    node('v:1', 'Vessel', { name: 'Sea Wolf', tonnage: 1200, built: '1998-05-01', active: true, motto: 'ever onward', capacity: 40, crew: 12, inspected: '2023-04-02' }),
    node('v:2', 'Vessel', { name: 'Morning Star', tonnage: 800, built: '2005-03-12', active: false, capacity: 25, crew: 6, inspected: '2021-08-19' }),
    node('v:3', 'Vessel', { name: 'Kestrel', tonnage: 2500, built: '2012-07-30', active: true, motto: 'swift and sure', capacity: 60, crew: 20, inspected: '2024-01-15' }),
    node('p:1', 'Port', { name: 'Oslo', country: 'Norway', address: 'Quay St 1' }),
    node('p:2', 'Port', { name: 'Bergen', country: 'Norway', address: 'Harbour Rd 5' }),
    node('p:3', 'Port', { name: 'Porto', country: 'Portugal', address: 'Quay St 9' }),
    node('c:1', 'Captain', { name: 'Ines', born: '1970-02-01', city: 'Lisbon' }),
    node('c:2', 'Captain', { name: 'Tor', born: '1982-09-15', city: 'Trondheim' }),
    node('y:1', 'Voyage', { code: 'V1', days: 12, departed: '2020-01-10' }),
    node('y:2', 'Voyage', { code: 'V2', days: 5, departed: '2021-06-01' }),
    node('y:3', 'Voyage', { code: 'V3', days: 30, departed: '2019-11-20' }),
    node('y:4', 'Voyage', { code: 'V4', days: 8, departed: '2022-03-03' }),
  ],
  relationships: [
    rel('c:1', 'COMMANDS', 'v:1'),
    rel('c:1', 'COMMANDS', 'v:3'),
    rel('c:2', 'COMMANDS', 'v:2'),
    rel('v:1', 'DOCKED_IN', 'p:1'),
    rel('v:2', 'DOCKED_IN', 'p:2'),
    rel('v:3', 'DOCKED_IN', 'p:3'),
    rel('v:1', 'MADE', 'y:1'),
    rel('v:1', 'MADE', 'y:3'),
    rel('v:3', 'MADE', 'y:2'),
    rel('v:2', 'MADE', 'y:4'),
    rel('y:1', 'TO', 'p:2'),
    rel('y:2', 'TO', 'p:1'),
    rel('y:3', 'TO', 'p:3'),
    rel('y:4', 'TO', 'p:1'),
    rel('p:1', 'LINKED_TO', 'p:2'),
    rel('c:1', 'INSPECTED', 'v:2', { rating: 4, cleared: false }),
    rel('c:2', 'INSPECTED', 'v:1', { rating: 2, cleared: true }),
    rel('c:2', 'INSPECTED', 'v:3', { rating: 5, cleared: true }),
  ],
};

/** The harbour's planner for one describe block, and a question asked with the constructions that read it. */
export function harbourPlanner(name: string) {
  const planner = plannerOnScratch(name, HARBOUR);
  return async (question: string): Promise<{ answer: PlannerAnswer; read: ConstructionRead[] }> => {
    const read: ConstructionRead[] = [];
    const listen = (message: unknown) => read.push(message as ConstructionRead);
    subscribe(CONSTRUCTION_CHANNEL, listen);
    try {
      return { answer: await planner().ask(question), read };
    } finally {
      unsubscribe(CONSTRUCTION_CHANNEL, listen);
    }
  };
}

/** What a construction's question must give on the harbour: the first column's values (sorted) and what the answer says, or the reason it is declined. */
export type Expected = { values: unknown[]; says?: RegExp } | { declined: RegExp };

/**
 * For one table: every entry has questions, each question is read by its entry, and gives what
 * is expected. An entry added to a table without questions fails here.
 */
export function describeTable(table: { reads: string; entries: readonly { name: string }[] }, cases: Record<string, [string, Expected][]>) {
  const ask = harbourPlanner(table.reads);
  it('has questions for each of its constructions, and only for them', () => {
    expect(Object.keys(cases).sort()).toEqual(table.entries.map((e) => e.name).sort());
    for (const questions of Object.values(cases)) expect(questions.length).toBeGreaterThan(0);
  });
  const all = Object.entries(cases).flatMap(([name, questions]) => questions.map(([question, expected]) => ({ name, question, expected })));
  it.each(all)('$name reads “$question”', async ({ name, question, expected }) => {
    const { answer, read } = await ask(question);
    expect(read.filter((r) => r.table === table.reads).map((r) => r.name)).toContain(name);
    if ('declined' in expected) {
      expect(answer.reading.ok).toBe(false);
      if (!answer.reading.ok) expect(answer.reading.reason).toMatch(expected.declined);
    } else {
      expect(answer.reading.ok, answer.reading.ok ? '' : answer.reading.reason).toBe(true);
      expect(firstValues(answer)).toEqual(expected.values);
      if (expected.says) expect(answer.text).toMatch(expected.says);
    }
  });
}
