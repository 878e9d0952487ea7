import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { firstValues, graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * "more than once", "exactly twice", "at least 3 times": how often a relationship said before it
 * reaches each thing asked about, counted by its relationships (on a graph that keeps two visits of
 * one patient to one clinic apart, both count), never a word left unplaced. On an invented clinic:
 * patients visit clinics and see doctors.
 */
const CLINIC: UpsertBatch = {
  nodes: [
    node('p:1', 'Patient', { name: 'Ada', town: 'Lyon' }),
    node('p:2', 'Patient', { name: 'Bo', town: 'Oslo' }),
    node('p:3', 'Patient', { name: 'Cy' }),
    node('c:1', 'Clinic', { name: 'North Clinic' }),
    node('c:2', 'Clinic', { name: 'South Clinic' }),
    node('c:3', 'Clinic', { name: 'East Clinic' }),
    node('d:1', 'Doctor', { name: 'Dr Lind' }),
  ],
  relationships: [
    // Ada visits three clinics, Bo the North one.
    rel('p:1', 'VISITED', 'c:1', { on: '2024-01-02' }),
    rel('p:1', 'VISITED', 'c:2', { on: '2024-03-04' }),
    rel('p:1', 'VISITED', 'c:3', { on: '2024-05-06' }),
    rel('p:2', 'VISITED', 'c:1', { on: '2024-02-03' }),
    rel('p:3', 'SAW', 'd:1'),
  ],
};

describe('how often: once, twice, N times', () => {
  const planner = plannerOnScratch('how often', CLINIC);

  it.each([
    ['Which patients visited clinics more than once?', ['Ada'], 'more than once'],
    ['Which patients visited a clinic exactly once?', ['Bo'], 'exactly once'],
    ['Which patients visited clinics at least 3 times?', ['Ada'], 'at least 3 times'],
    ['Which clinics were visited more than once?', ['North Clinic'], 'more than once'],
    ['Which clinics were visited once?', ['East Clinic', 'South Clinic'], 'once'],
    ['Which patients visited clinics twice?', [], 'twice'],
  ])('%s', async (question, names, said) => {
    const answer = await planner().ask(question);
    expect(answer.reading.ok, answer.reading.ok ? '' : answer.reading.reason).toBe(true);
    expect(answer.cypher).toMatch(/count\(DISTINCT r0\)/);
    expect(firstValues(answer)).toEqual(names);
    expect(answer.text).toContain(said);
  });

  it('shows the values asked beside the things counted (they were dropped)', async () => {
    const answer = await planner().ask('What are the towns of patients who visited clinics more than once?');
    expect(answer.rows).toEqual([{ name: 'Ada', town: 'Lyon', count: 3 }]);
  });

  it('declines how often a named thing was reached, which counting things cannot tell', async () => {
    const answer = await planner().ask('Which patients visited the North Clinic more than once?');
    expect(answer.reading.ok).toBe(false);
    if (!answer.reading.ok) expect(answer.reading.reason).toBe('I can’t tell what “more than once” counts here');
  });
});

/** Shops reviewed by reviews: the verb "reviewed" names the `Review` label, joined to the shops after the words are read. */
const SHOPS: UpsertBatch = {
  nodes: [node('u:1', 'User', { name: 'Ines' }), node('s:1', 'Shop', { name: 'Mill' }), node('s:2', 'Shop', { name: 'Quay' }), node('s:3', 'Shop', { name: 'Dock' }), node('r:1', 'Review', { reviewId: 'r1' }), node('r:2', 'Review', { reviewId: 'r2' }), node('r:3', 'Review', { reviewId: 'r3' })],
  relationships: [rel('r:1', 'REVIEWS', 's:1'), rel('r:2', 'REVIEWS', 's:1'), rel('r:3', 'REVIEWS', 's:2'), rel('u:1', 'WROTE', 'r:1')],
};

describe('how often, and not at all, said by a verb that names a kind of thing', () => {
  const planner = plannerOnScratch('how often shops', SHOPS);

  it.each([
    ['Which shops have been reviewed more than once?', ['Mill'], '1 shop that was reviewed more than once: Mill.'],
    ['Which shops were reviewed exactly once?', ['Quay'], '1 shop that was reviewed exactly once: Quay.'],
  ])('%s', async (question, names, text) => {
    const answer = await planner().ask(question);
    expect(firstValues(answer)).toEqual(names);
    expect(answer.text).toBe(text);
  });

  it('denied with "not been": the shops with none', async () => {
    const answer = await planner().ask('List all shops that have not been reviewed yet.');
    expect(answer.cypher).toMatch(/NOT \(:Review\)-\[:REVIEWS\]->\(n0\)/);
    expect(answer.text).toBe('1 shop that was not reviewed: Dock.');
  });

  it('declines how often for each of another kind, which one count per shop cannot tell', async () => {
    const answer = await planner().ask('List the shops that have been reviewed by each user more than once.');
    expect(answer.reading.ok).toBe(false);
    if (!answer.reading.ok) expect(answer.reading.reason).toBe('I can’t yet count “more than once” for each user separately');
  });

  it('declines how often where another thing of the kind counted is asked about (which ones are counted is not said)', async () => {
    const answer = await planner().ask('List the reviews for shops that have been reviewed exactly twice.');
    expect(answer.reading.ok).toBe(false);
    if (!answer.reading.ok) expect(answer.reading.reason).toBe('I can’t tell what “exactly twice” counts here');
  });
});
