import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * A relationship named by a noun of who holds a role (`SENDER`, `RECIPIENT`) said as that noun
 * names the holder: "Which sender has the most transfers?" ranks accounts (it ranked transfers by
 * their senders), "the sender accounts" and "accounts that are senders of …" are those accounts.
 * Invented graph: a payment ledger's transfers, the accounts sending and receiving them, and the
 * accounts' countries.
 */

const LEDGER: UpsertBatch = {
  nodes: [
    node('a:1', 'Account', { name: 'Aster Trading' }),
    node('a:2', 'Account', { name: 'Birch Holdings' }),
    node('a:3', 'Account', { name: 'Cobalt Freight' }),
    node('c:1', 'Country', { name: 'Norway' }),
    node('c:2', 'Country', { name: 'Chile' }),
    node('t:1', 'Transfer', { code: 'T1', amount: 900, senderBank: 'Nordbank', recipientBankCountry: 'Chile' }),
    node('t:2', 'Transfer', { code: 'T2', amount: 300, senderBank: 'Nordbank', recipientBankCountry: 'Norway' }),
    node('t:3', 'Transfer', { code: 'T3', amount: 700, senderBank: 'Andes Credit', recipientBankCountry: 'Chile' }),
    node('t:4', 'Transfer', { code: 'T4', amount: 100, senderBank: 'Fjord Savings', recipientBankCountry: 'Norway' }),
  ],
  relationships: [
    rel('t:1', 'SENDER', 'a:1'),
    rel('t:2', 'SENDER', 'a:1'),
    rel('t:3', 'SENDER', 'a:2'),
    rel('t:4', 'SENDER', 'a:3'),
    rel('t:1', 'RECIPIENT', 'a:3'),
    rel('t:2', 'RECIPIENT', 'a:2'),
    rel('t:3', 'RECIPIENT', 'a:3'),
    rel('t:4', 'RECIPIENT', 'a:1'),
    rel('a:1', 'IN_COUNTRY', 'c:1'),
    rel('a:2', 'IN_COUNTRY', 'c:1'),
    rel('a:3', 'IN_COUNTRY', 'c:2'),
  ],
};

describe('the holder of a role a relationship is named by (ledger)', () => {
  const planner = plannerOnScratch('roleholders', LEDGER);
  const names = (rows: Record<string, unknown>[]) => rows.map((r) => String(r.name)).sort();

  it('ranks the holders for "Which sender has the most transfers?"', async () => {
    const answer = await planner().ask('Which sender has the most transfers?');
    expect(answer.rows.map((r) => [r.name, Number(r.count)]), answer.cypher ?? JSON.stringify(answer.reading)).toEqual([['Aster Trading', 2]]);
  });

  it('reads "accounts that are senders of transfers over 500" as those accounts', async () => {
    const answer = await planner().ask('Which accounts are senders of transfers with an amount over 500?');
    expect(names(answer.rows), answer.cypher ?? JSON.stringify(answer.reading)).toEqual(['Aster Trading', 'Birch Holdings']);
  });

  it('reads "the sender accounts" as one thing', async () => {
    const answer = await planner().ask('List the sender accounts of transfers with an amount over 500.');
    expect(names(answer.rows), answer.cypher ?? JSON.stringify(answer.reading)).toEqual(['Aster Trading', 'Birch Holdings']);
  });

  it('reads the noun said of another thing ("as the sender") as the relationship', async () => {
    const answer = await planner().ask('Which transfers have Aster Trading as the sender?');
    expect(answer.rows.map((r) => String(r.name)).sort(), answer.cypher ?? JSON.stringify(answer.reading)).toEqual(['T1', 'T2']);
    const ranked = await planner().ask('Which account has been the sender in the most transfers?');
    expect(ranked.rows.map((r) => [r.name, Number(r.count)]), ranked.cypher ?? JSON.stringify(ranked.reading)).toEqual([['Aster Trading', 2]]);
  });

  it('declines a ranking of a property\'s values said as things, and one condition said of two roles', async () => {
    // "the top 2 sender banks": values of the transfers' `senderBank`, not transfers to rank.
    const ranked = await planner().ask('List the top 2 sender banks that sent transfers with the highest amounts.');
    expect(ranked.cypher, ranked.text).toBeUndefined();
    // "the sender and recipient bank countries": both ends, which one condition on one of them would not say.
    const both = await planner().ask("Show all transfers where the sender and recipient bank countries are 'Norway'.");
    expect(both.cypher, both.text).toBeUndefined();
  });

  it('counts the holders per country', async () => {
    const answer = await planner().ask('Which country has the most recipient accounts?');
    expect(answer.rows.map((r) => [r.name, Number(r.count)]), answer.cypher ?? JSON.stringify(answer.reading)).toEqual([['Norway', 2]]);
    expect(answer.text).toBe('Norway has the most recipient accounts (2).');
  });
});
