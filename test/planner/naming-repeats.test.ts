import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { firstValues, graphNode as node, plannerOnScratch } from '../support/planner.js';

/**
 * A compound name of other words whose values repeat (`carrier_name` on shipments, `branchName` on
 * loans) names a related thing, not each thing: the things are named by what tells them apart (a
 * unique code or id), so "the 2 heaviest shipments" are two shipments, not one carrier twice.
 * Each on two small invented graphs.
 */

const SHIPMENTS: UpsertBatch = {
  nodes: [
    node('s:1', 'Shipment', { code: 'SH-101', carrier_name: 'Swift Lines', weight: 40 }),
    node('s:2', 'Shipment', { code: 'SH-102', carrier_name: 'Swift Lines', weight: 12 }),
    node('s:3', 'Shipment', { code: 'SH-103', carrier_name: 'Swift Lines', weight: 55 }),
    node('s:4', 'Shipment', { code: 'SH-104', carrier_name: 'Blue Vans', weight: 8 }),
    node('s:5', 'Shipment', { code: 'SH-105', carrier_name: 'Blue Vans', weight: 30 }),
  ],
  relationships: [],
};

const LOANS: UpsertBatch = {
  nodes: [
    node('l:1', 'Loan', { loanRef: 'LN-7', branchName: 'Harbour', amount: 900 }),
    node('l:2', 'Loan', { loanRef: 'LN-8', branchName: 'Harbour', amount: 300 }),
    node('l:3', 'Loan', { loanRef: 'LN-9', branchName: 'Harbour', amount: 1200 }),
    node('l:4', 'Loan', { loanRef: 'LN-10', branchName: 'Hill', amount: 50 }),
  ],
  relationships: [],
};

describe('things named by what tells them apart (shipments)', () => {
  const planner = plannerOnScratch('naming shipments', SHIPMENTS);
  it('the 2 heaviest shipments are named by their codes', async () => {
    const answer = await planner().ask('Which 2 shipments have the highest weight?');
    expect(answer.rows.map((r) => r.name)).toEqual(['SH-103', 'SH-101']);
  });
});

describe('things named by what tells them apart (loans)', () => {
  const planner = plannerOnScratch('naming loans', LOANS);
  it('loans over 500 are named by their references', async () => {
    expect(firstValues(await planner().ask('Which loans have an amount over 500?'))).toEqual(['LN-7', 'LN-9']);
  });
});
