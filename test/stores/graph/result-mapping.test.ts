import { Node, Path, PathSegment, Relationship, int } from 'neo4j-driver';
import { describe, expect, it } from 'vitest';
import { searchDocument, searchTerms } from '../../../src/stores/graph/bookkeeping.js';
import { mapNeo4jValue } from '../../../src/stores/graph/neo4j-mapping.js';
import { mapGrafeoValue } from '../../../src/stores/graph/result-mapping.js';
import { assembleSchema } from '../../../src/stores/graph/schema-assembly.js';

/** Both adapters must give the same JSON for the same graph; only the engine ids differ. */
describe('result mapping: the same shape from both engines', () => {
  const grafeoAlice = { _id: 0, _labels: ['_CqksEntity', 'Person'], _key: 'p:alice', _provenance: ['d1'], _search: 'alice al', name: 'Alice', age: 30 };
  const grafeoBob = { _id: 1, _labels: ['_CqksEntity', 'Person'], _key: 'p:bob', _provenance: ['d1'], name: 'Bob' };
  const grafeoKnows = { _id: 0, _type: 'KNOWS', _source: 0, _target: 1, _provenance: ['d1'], since: 2020 };
  const neoAlice = new Node(int(0), ['_CqksEntity', 'Person'], { _key: 'p:alice', _provenance: ['d1'], _search: 'alice al', name: 'Alice', age: int(30) }, '0');
  const neoBob = new Node(int(1), ['_CqksEntity', 'Person'], { _key: 'p:bob', _provenance: ['d1'], name: 'Bob' }, '1');
  const neoKnows = new Relationship(int(0), int(0), int(1), 'KNOWS', { _provenance: ['d1'], since: int(2020) }, '0', '0', '1');

  it('nodes, relationships and paths', () => {
    expect(mapGrafeoValue(grafeoAlice)).toEqual(mapNeo4jValue(neoAlice));
    expect(mapGrafeoValue(grafeoKnows)).toEqual(mapNeo4jValue(neoKnows));
    expect(mapGrafeoValue({ nodes: [grafeoAlice, grafeoBob], edges: [grafeoKnows] })).toEqual(
      mapNeo4jValue(new Path(neoAlice, neoBob, [new PathSegment(neoAlice, neoKnows, neoBob)])),
    );
    expect(mapGrafeoValue(grafeoAlice)).toEqual({
      id: '0',
      labels: ['_CqksEntity', 'Person'],
      properties: { name: 'Alice', age: 30 },
      key: 'p:alice',
      provenance: ['d1'],
    });
  });

  it('Grafeo scalars: big integers, timestamps, bytes, vectors, tagged values, nested values', () => {
    expect(mapGrafeoValue(9007199254740993n)).toBe('9007199254740993');
    expect(mapGrafeoValue(42n)).toBe(42);
    expect(mapGrafeoValue(new Date('2024-01-01T00:00:00Z'))).toBe('2024-01-01T00:00:00.000Z');
    expect(mapGrafeoValue(Buffer.from([1, 2, 3]))).toBe('AQID');
    expect(mapGrafeoValue(new Float32Array([0.5, 1]))).toEqual([0.5, 1]);
    expect(mapGrafeoValue({ $decimal: '1.50' })).toBe('1.50');
    expect(mapGrafeoValue([1, { a: [grafeoBob] }, null, undefined])).toEqual([1, { a: [mapGrafeoValue(grafeoBob)] }, null, null]);
    expect(mapGrafeoValue({ nodes: [1], edges: [] })).toEqual({ nodes: [1], edges: [] }); // a map, not a path
  });
});

describe('search text', () => {
  it('folds case and accents and splits on anything but letters and digits', () => {
    expect(searchTerms('Zürich, ÉCOLE-polytechnique 2024!')).toEqual(['zurich', 'ecole', 'polytechnique', '2024']);
  });

  it('indexes the words of name, title and aliases with their prefixes', () => {
    expect(searchDocument({ name: 'Ada', title: 'Countess', aliases: ['AL'], other: 'ignored' })).toBe('ada ad countess co cou coun count counte countes al');
    expect(searchDocument({ other: 'x' })).toBeNull();
  });
});

describe('schema assembly', () => {
  it('hides bookkeeping, drops empty labels and names patterns by the entities own labels', () => {
    const schema = assembleSchema({
      labelCounts: new Map([
        ['Person', 2],
        ['_CqksEntity', 3],
        ['Ghost', 0],
      ]),
      relationshipCounts: new Map([['KNOWS', 1]]),
      patterns: [
        { type: 'KNOWS', from: ['_CqksEntity', 'Person'], to: ['_CqksEntity', 'Person'] },
        { type: 'KNOWS', from: ['_CqksEntity'], to: ['_CqksEntity'] },
      ],
      labelProperties: [
        { label: 'Person', key: 'name' },
        { label: 'Person', key: '_key' },
        { label: 'Person', key: '_search' },
      ],
      relationshipProperties: [{ type: 'KNOWS', key: '_provenance' }],
    });
    expect(schema).toEqual({
      labels: [
        { label: 'Person', count: 2, properties: ['name'] },
      ],
      relationshipTypes: [{ type: 'KNOWS', count: 1, patterns: [{ from: 'Person', to: 'Person' }], properties: [] }],
      propertyKeys: ['name'],
    });
  });
});
