import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * Who receives what a relationship says, named by a kind of recipient that WordNet defines by the
 * relationship's verb: "beneficiaries" for BENEFITS ("the recipient of funds or other benefits"),
 * as "honorees" are made from HONORS. The noun is the end the relationship reaches;
 * the reading marks the word as guessed. On an invented graph of relief funds and prizes.
 */
const RELIEF: UpsertBatch = {
  nodes: [
    node('f:1', 'Fund', { name: 'Harbor Fund', amount: 300 }),
    node('f:2', 'Fund', { name: 'Upland Fund', amount: 1200 }),
    node('h:1', 'Household', { name: 'Okafor family' }),
    node('h:2', 'Household', { name: 'Lindqvist family' }),
    node('h:3', 'Household', { name: 'Moreau family' }),
    node('p:1', 'Prize', { name: 'Lantern Prize' }),
    node('a:1', 'Artist', { name: 'Ines Varga' }),
  ],
  relationships: [
    rel('f:1', 'BENEFITS', 'h:1'),
    rel('f:1', 'BENEFITS', 'h:2'),
    rel('f:2', 'BENEFITS', 'h:3'),
    rel('p:1', 'HONORS', 'a:1'),
  ],
};

describe('kinds of recipient named by their definition', () => {
  const planner = plannerOnScratch('recipients', RELIEF);

  it.each([
    { question: 'Who are the beneficiaries of the Harbor Fund?', rows: ['Lindqvist family', 'Okafor family'] },
    { question: 'Which households are beneficiaries of the Upland Fund?', rows: ['Moreau family'] },
    { question: 'List the beneficiaries of funds with an amount over 1000.', rows: ['Moreau family'] },
    { question: 'Who are the honorees of the Lantern Prize?', rows: ['Ines Varga'] },
  ])('$question', async ({ question, rows }) => {
    const answer = await planner().ask(question);
    expect(answer.cypher, answer.resolution ?? JSON.stringify(answer.reading)).toBeDefined();
    expect([...new Set(answer.rows.map((r) => String(r.name)))].sort(), answer.cypher).toEqual(rows);
    if (!answer.reading.ok) throw new Error('not read');
    // "honorees" is made from "honor" as "employee" is from "employ": no guess.
    expect(answer.reading.mappings.filter((m) => m.guessed).map((m) => m.to)).toEqual(question.includes('honorees') ? [] : ['BENEFITS']);
  });

  // Not the fund with the largest amount: the one reaching the most households.
  it('counts the beneficiaries of each fund', async () => {
    const answer = await planner().ask('Which fund has the most beneficiaries?');
    expect(answer.rows.map((r) => String(r.name)), answer.cypher).toEqual(['Harbor Fund']);
  });
});
