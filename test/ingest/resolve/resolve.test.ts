import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveEntities } from '../../../src/ingest/resolve/index.js';
import type { DocumentFacts, EntityFact, Evidence } from '../../../src/ingest/types.js';
import { openGraphStore } from '../../../src/stores/graph/index.js';
import type { GraphStore } from '../../../src/stores/graph/port.js';

const DOC = '0f6c1d2e-0000-4000-8000-000000000001';
const nlp = (start = 0): Evidence => ({ chunk: 0, start, end: start + 3, snippet: '…', extractor: 'nlp', confidence: 0.6 });
const mention = (ref: string, name: string, label: string, mentions = 2): EntityFact => ({ ref, name, labels: [label], properties: {}, mentions, evidence: [nlp()] });
const facts = (entities: EntityFact[], relations: DocumentFacts['relations'] = []): DocumentFacts => ({ entities, relations, warnings: [] });
const outcomeOf = (result: Awaited<ReturnType<typeof resolveEntities>>, ref: string) => result.resolutions.find((r) => r.ref === ref);

/** Resolution against the real embedded graph engine. */
describe('entity resolution', () => {
  let graph: GraphStore;

  beforeAll(async () => {
    graph = await openGraphStore({ queryTimeoutMs: 10_000, maxRows: 1000, allowedProcedures: [] });
    await graph.upsert(
      {
        nodes: [
          { key: 'person:alex-kim-1', labels: ['Person'], properties: { name: 'Alex Kim', city: 'Seoul' } },
          { key: 'person:alex-kim-2', labels: ['Person'], properties: { name: 'Alex Kim', city: 'Oslo' } },
          { key: 'person:elise-roy', labels: ['Person'], properties: { name: 'Élise Roy' } },
          { key: 'company:quorvex', labels: ['Company'], properties: { name: 'Quorvex Systems', aliases: ['Quorvex'] } },
          { key: 'city:lisbon', labels: ['City'], properties: { name: 'Lisbon' } },
        ],
        relationships: [],
      },
      'seed',
    );
  });
  afterAll(() => graph.close());

  it('merges a mention into the one existing node of a compatible label with its name, accents and honorifics aside', async () => {
    const result = await resolveEntities({ facts: facts([mention('a', 'Dr. Elise Roy', 'Person'), mention('b', 'quorvex', 'Thing')]), graph, documentId: DOC });
    expect(outcomeOf(result, 'a')).toMatchObject({ outcome: 'existing', key: 'person:elise-roy' });
    expect(outcomeOf(result, 'b')).toMatchObject({ outcome: 'existing', key: 'company:quorvex' });
  });

  it('never merges into one of two namesakes: the mention is kept apart, ambiguous, with the candidates', async () => {
    const result = await resolveEntities({ facts: facts([mention('a', 'Alex Kim', 'Person')]), graph, documentId: DOC });
    expect(outcomeOf(result, 'a')).toEqual({
      ref: 'a',
      outcome: 'ambiguous',
      key: `person:alex-kim~doc-${DOC.slice(0, 8)}`,
      candidates: ['person:alex-kim-1', 'person:alex-kim-2'],
    });
  });

  it('does not merge across incompatible labels', async () => {
    const result = await resolveEntities({ facts: facts([mention('a', 'Lisbon', 'Person')]), graph, documentId: DOC });
    expect(outcomeOf(result, 'a')).toMatchObject({ outcome: 'new', key: 'person:lisbon' });
  });

  it('folds a bare surname onto the one full name of the document, with its relations', async () => {
    const result = await resolveEntities({
      facts: facts(
        [mention('full', 'Maren Holt', 'Person', 1), mention('short', 'Holt', 'Person', 3), mention('org', 'Keldan Foundry', 'Organization')],
        [{ from: 'short', type: 'WORKS_AT', to: 'org', properties: {}, evidence: [nlp(10)] }],
      ),
      graph,
      documentId: DOC,
    });
    expect(result.facts.entities.map((e) => e.name).sort()).toEqual(['Keldan Foundry', 'Maren Holt']);
    const maren = result.facts.entities.find((e) => e.name === 'Maren Holt')!;
    expect(maren).toMatchObject({ mentions: 4, aliases: ['Holt'] });
    expect(result.facts.relations).toEqual([expect.objectContaining({ from: 'full', type: 'WORKS_AT', to: 'org' })]);
    expect(outcomeOf(result, 'full')).toMatchObject({ outcome: 'new', key: 'person:maren-holt' });
  });

  it('does not fold a surname two full names share', async () => {
    const result = await resolveEntities({
      facts: facts([mention('a', 'Maren Holt', 'Person'), mention('b', 'Jonas Holt', 'Person'), mention('c', 'Holt', 'Person')]),
      graph,
      documentId: DOC,
    });
    expect(result.facts.entities).toHaveLength(3);
  });

  it('makes no node of a free-text candidate seen once, in no relation: it names the one node of its name, or is kept aside; keeps one that repeats', async () => {
    const result = await resolveEntities({
      facts: facts([mention('once', 'Quillon Vey', 'Person', 1), mention('twice', 'Pera Stox', 'Person', 2), mention('known-once', 'Lisbon', 'Place', 1)]),
      graph,
      documentId: DOC,
    });
    // A name mentioned once never makes a node, whatever the graph holds. Where a node has that
    // name, the document is one of its sources; where none has, the mention is kept aside, and a
    // document that makes the node later adds this one as a source (mention-support), so the
    // order of ingestion decides nothing.
    expect(result.dropped).toBe(1);
    expect(result.mentions.map(({ label, name }) => ({ label, name }))).toEqual([{ label: 'Person', name: 'Quillon Vey' }]);
    expect(result.resolutions.map((r) => r.ref).sort()).toEqual(['known-once', 'twice']);
    expect(outcomeOf(result, 'known-once')).toMatchObject({ outcome: 'existing', key: 'city:lisbon' });
    const repeated = await resolveEntities({ facts: facts([mention('known', 'Lisbon', 'Place', 2)]), graph, documentId: DOC });
    expect(outcomeOf(repeated, 'known')).toMatchObject({ outcome: 'existing', key: 'city:lisbon' });
  });

  it('keeps a key the file gives exactly, and finds a reference by key', async () => {
    const keyed: EntityFact = { ref: 'k', name: 'Whatever', key: 'company:quorvex', labels: ['Company'], properties: {}, mentions: 1, evidence: [] };
    const fresh: EntityFact = { ...keyed, ref: 'f', key: 'company:new-one', name: 'New One' };
    const byKey: EntityFact = { ref: 'r', name: 'city:lisbon', labels: ['Thing'], properties: {}, mentions: 1, reference: true, evidence: [] };
    const result = await resolveEntities({ facts: facts([keyed, fresh, byKey]), graph, documentId: DOC });
    expect(outcomeOf(result, 'k')).toMatchObject({ outcome: 'existing', key: 'company:quorvex' });
    expect(outcomeOf(result, 'f')).toMatchObject({ outcome: 'new', key: 'company:new-one' });
    expect(outcomeOf(result, 'r')).toMatchObject({ outcome: 'existing', key: 'city:lisbon' });
  });
});
