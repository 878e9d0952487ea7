import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { firstValues, graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * "StorageRoom SR1", "Storage Room SR1", "Dock 4", "CID 8": a label or property written with a
 * capital before a name or a number says what the rest is. Before, the whole run was looked up as
 * one name and the question ended in "I could not find anything called “Dock 4”". A thing whose
 * own name starts with a label word is still found by its whole name. On an invented graph.
 */
const YARD: UpsertBatch = {
  nodes: [
    node('r:1', 'StorageRoom', { name: 'SR1' }),
    node('r:2', 'StorageRoom', { name: 'SR2' }),
    node('d:1', 'Dock', { dock: 4 }),
    node('d:2', 'Dock', { dock: 5 }),
    node('c:1', 'Crate', { name: 'Tea', cid: 7 }),
    node('c:2', 'Crate', { name: 'Salt', cid: 8 }),
    node('c:3', 'Crate', { name: 'Dock Rope', cid: 9 }),
  ],
  relationships: [rel('c:1', 'KEPT_IN', 'r:1'), rel('c:2', 'KEPT_IN', 'r:2'), rel('c:1', 'LOADED_AT', 'd:1'), rel('c:2', 'LOADED_AT', 'd:2'), rel('c:3', 'KEPT_IN', 'r:2')],
};

describe('a label or property said before a name or a number', () => {
  const planner = plannerOnScratch('labelbeforename', YARD);

  it.each([
    ['Which crates are kept in StorageRoom SR1?', ['Tea']],
    ['Which crates are kept in Storage Room SR2?', ['Dock Rope', 'Salt']],
    ['Which crates are loaded at Dock 4?', ['Tea']],
    ['Which docks is the crate with CID 8 loaded at?', [5]],
  ])('%s', async (question, names) => {
    const answer = await planner().ask(question);
    expect(firstValues(answer)).toEqual(names);
  });

  it('still finds a thing by a whole name that starts with a label word', async () => {
    const answer = await planner().ask('Where is Dock Rope kept?');
    expect(firstValues(answer)).toEqual(['SR2']);
  });
});

/**
 * "gate code 'G-2'": a label, then the property the value is of, then the value: one thing, the
 * gate whose code it is (before, a second gate joined to it by the same relationship as the first).
 */
const GATES: UpsertBatch = {
  nodes: [
    node('g:1', 'Gate', { code: 'G-1' }),
    node('g:2', 'Gate', { code: 'G-2' }),
    node('b:1', 'Berth', { name: 'East', size: 16 }),
    node('b:2', 'Berth', { name: 'West', size: 16 }),
    node('b:3', 'Berth', { name: 'Quay', size: 8 }),
  ],
  relationships: [rel('g:1', 'SERVES', 'b:1'), rel('g:2', 'SERVES', 'b:2'), rel('g:2', 'SERVES', 'b:3'), rel('g:1', 'SERVES', 'g:2')],
};

describe('a label and a property said before a value', () => {
  const planner = plannerOnScratch('labelpropertyvalue', GATES);

  it.each([
    ["Which berths are served by gate code 'G-2'?", ['Quay', 'West']],
    ["Which berths have a size of 16 and are served by gate code 'G-2'?", ['West']],
  ])('%s', async (question, names) => {
    const answer = await planner().ask(question);
    expect(firstValues(answer), answer.cypher).toEqual(names);
  });
});
