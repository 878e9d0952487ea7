import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { firstValues, graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * "the job '8966'": digits quoted right after a kind of thing are its number, as unquoted ("job
 * 8966"), compared with the one identifier its things have (`pid`, `userId`, `order_id`). It was
 * "I could not place 8966". On an invented graph of jobs (two share a name) and the tasks using them.
 */
const HOSTS: UpsertBatch = {
  nodes: [node('p:1', 'Job', { name: 'cron', pid: 8966, started: 1600 }), node('p:2', 'Job', { name: 'cron', pid: 101, started: 1700 }), node('a:1', 'Task', { name: 'backup' }), node('a:2', 'Task', { name: 'report' })],
  relationships: [rel('a:1', 'USES', 'p:1'), rel('a:2', 'USES', 'p:2')],
};

describe('a quoted number after a kind of thing', () => {
  const planner = plannerOnScratch('quoted numbers', HOSTS);

  it.each([
    ["Which tasks use the job '8966'?", ['backup']],
    ['Which tasks use job 101?', ['report']],
    ["Which tasks use the job '1234'?", []],
  ])('%s', async (question, names) => {
    const answer = await planner().ask(question);
    expect(answer.cypher).toMatch(/n1\.pid = \d+/);
    expect(firstValues(answer)).toEqual(names);
  });
});

/**
 * "in 'book 2'": a number property's word and its value quoted together, as "in book 2" unquoted,
 * here a property of the relationship (`book` on MET). It was "I could not place 'book 2'".
 */
const SAGA: UpsertBatch = {
  nodes: [node('c:1', 'Hero', { name: 'Ysolde' }), node('c:2', 'Hero', { name: 'Brann' }), node('c:3', 'Hero', { name: 'Marrow' })],
  relationships: [rel('c:1', 'MET', 'c:2', { book: 1, weight: 3 }), rel('c:2', 'MET', 'c:3', { book: 2, weight: 9 })],
};

describe('a quoted number property and its value', () => {
  const planner = plannerOnScratch('quoted numbered property', SAGA);

  it.each([
    ["Which heroes met someone in 'book 2'?", ['Brann']],
    ["Which heroes met someone in 'book 1' with a weight less than 5?", ['Ysolde']],
    ["Which heroes met someone in 'book 3'?", []],
  ])('%s', async (question, names) => {
    const answer = await planner().ask(question);
    expect(answer.cypher, JSON.stringify(answer.reading)).toMatch(/\.book = \d/);
    expect(firstValues(answer)).toEqual(names);
  });
});
