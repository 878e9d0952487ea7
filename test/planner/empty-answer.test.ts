import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explainEmpty } from '../../src/planner/answer/empty-answer.js';
import { countWith } from '../../src/planner/read-question.js';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { graphNode as node, graphRel as rel, plannerOn } from '../support/planner.js';
import { openScratchGraph } from '../support/scratch-graph.js';

/**
 * An empty answer says which one part of the reading empties it ("Leaving out “after 2020”: …"),
 * each part left out in turn and counted; nothing is added when no single part does. Each on two
 * small invented graphs.
 */

const LIBRARY: UpsertBatch = {
  nodes: [
    node('b:1', 'Branch', { name: 'Harbour Branch', town: 'Lyon' }),
    node('b:2', 'Branch', { name: 'Hill Branch', town: 'Nantes' }),
    node('e:1', 'Event', { name: 'Poetry Night', year: 2019 }),
    node('e:2', 'Event', { name: 'Map Fair', year: 2021 }),
  ],
  relationships: [rel('b:1', 'HOSTED', 'e:1'), rel('b:2', 'HOSTED', 'e:2')],
};

const SHIPPING: UpsertBatch = {
  nodes: [
    node('d:1', 'Depot', { name: 'North Depot', country: 'Spain' }),
    node('d:2', 'Depot', { name: 'South Depot', country: 'Portugal' }),
    node('p:1', 'Parcel', { code: 'PX-1', weight: 2 }),
    node('p:2', 'Parcel', { code: 'PX-2', weight: 40 }),
  ],
  relationships: [rel('d:1', 'DISPATCHED', 'p:1'), rel('d:2', 'DISPATCHED', 'p:2')],
};

function explainerOn(name: string, batch: UpsertBatch) {
  let scratch: Awaited<ReturnType<typeof openScratchGraph>>;
  let planner: Awaited<ReturnType<typeof plannerOn>>;
  beforeAll(async () => {
    scratch = await openScratchGraph(name, batch);
    planner = await plannerOn(scratch.graph);
  });
  afterAll(() => scratch?.close());
  return async (question: string) => {
    const answer = await planner.ask(question);
    if (!answer.reading.ok) throw new Error(answer.reading.reason);
    return { answer, why: await explainEmpty(answer.reading.meaning, countWith(scratch.graph), planner.lexicon) };
  };
}

describe('why an answer is empty (a library)', () => {
  const ask = explainerOn('emptylibrary', LIBRARY);
  it('names each condition that alone empties it, with what there is without it', async () => {
    const { answer, why } = await ask('Which branches in Lyon hosted events after 2020?');
    expect(answer.rows).toEqual([]);
    expect(why).toBe('Leaving out “Lyon”: There is 1 branch that hosted events (year after 2020). And leaving out “after 2020”: There is 1 branch (town Lyon) that hosted an event.');
  });
  it('leaves out a thing joined at the end of the pattern with its conditions', async () => {
    const { why } = await ask('Which branches in Lyon hosted events in 2021?');
    expect(why).toMatch(/leaving out “in 2021”: There is 1 branch \(town Lyon\) that hosted an event\./);
  });
});

describe('why an answer is empty (shipping)', () => {
  const ask = explainerOn('emptyshipping', SHIPPING);
  it('names the condition on the joined thing', async () => {
    const { answer, why } = await ask('Which depots in Portugal dispatched parcels with a weight under 5?');
    expect(answer.rows).toEqual([]);
    expect(why).toBe('Leaving out “Portugal”: There is 1 depot that dispatched parcels (weight under 5). And leaving out “under 5”: There is 1 depot (country Portugal) that dispatched a parcel.');
  });
});

describe('why a ranking is empty (a club)', () => {
  const ask = explainerOn('emptyranking', {
    nodes: [
      node('p:1', 'Person', { name: 'Ann', born: 1960 }),
      node('p:2', 'Person', { name: 'Bo' }),
      node('p:3', 'Person', { name: 'Cy' }),
      node('m:1', 'Match', { title: 'Derby' }),
    ],
    relationships: [rel('p:2', 'REFEREED', 'm:1'), rel('p:3', 'REFEREED', 'm:1')],
  });
  it('says that none of the things has the value ranked by, not that a part of the pattern empties it', async () => {
    const { answer, why } = await ask('Who are the 2 oldest people who refereed a match?');
    expect(answer.rows).toEqual([]);
    expect(why).toBe('There are 2 people that refereed a match, but none of them has a born recorded to rank by.');
  });
});

/** Gates that serve berths and gates that close them: two relationships join the same kinds of thing. */
const GATES: UpsertBatch = {
  nodes: [node('g:1', 'Gate', { code: 'G-1' }), node('g:2', 'Gate', { code: 'G-2' }), node('b:1', 'Berth', { name: 'East' }), node('b:2', 'Berth', { name: 'West' }), node('b:3', 'Berth', { name: 'Quay' })],
  relationships: [rel('g:1', 'SERVES', 'b:1'), rel('g:2', 'CLOSES', 'b:2')],
};

describe('why an answer is empty (gates and berths)', () => {
  const ask = explainerOn('emptygates', GATES);
  it('says where another relationship joins the things the one read does not', async () => {
    const { answer, why } = await ask("Which gates close berth 'East'?");
    expect(answer.rows).toEqual([]);
    expect(why).toBe('Read as “serves” instead of “closes”: 1 gate serves East.');
    expect((await ask("Which gates serve berth 'West'?")).why).toBe('Read as “closes” instead of “serves”: 1 gate closes West.');
  });
  it('says nothing of another relationship that finds nothing either', async () => {
    const { answer, why } = await ask("Which gates serve berth 'Quay'?");
    expect(answer.rows).toEqual([]);
    expect(why).toBeUndefined();
  });
});
