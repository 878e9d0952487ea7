import { describe, expect, it } from 'vitest';
import { grade, normalize } from '../../eval/grade.js';
import type { Answered } from '../../eval/grade.js';
import { batchesOf, parseCypherGraph, parseMap } from '../../eval/graph-file.js';
import { halfOf } from '../../eval/question-set.js';

/** The evaluation's grading rules (the external benchmark's README), on answers written here. */

const answered = (rows: Record<string, unknown>[], text = '', query: string | null = 'MATCH (n) RETURN n'): Answered => ({
  query,
  columns: rows[0] ? Object.keys(rows[0]) : ['name'],
  rows,
  text,
  asked: false,
});

describe('grading an answer by value', () => {
  it('compares text without case, accents, quotes or spaces', () => {
    expect(normalize(" L'Été  Indien ")).toBe('leteindien');
    expect(grade({ mode: 'values', expected: ['Cloud Atlas'] }, answered([{ title: 'cloud  atlas' }]))).toBe('right');
  });

  it('needs every expected value and 80% of the rows holding one', () => {
    const e = { mode: 'values' as const, expected: ['A', 'B'] };
    expect(grade(e, answered([{ n: 'A' }, { n: 'B' }]))).toBe('right');
    expect(grade(e, answered([{ n: 'A' }]))).toBe('wrong');
    expect(grade(e, answered([{ n: 'A' }, { n: 'B' }, { n: 'C' }, { n: 'D' }]))).toBe('wrong');
  });

  it('reads nodes by their name or title, lists by their items, numbers from the sentence', () => {
    expect(grade({ mode: 'values', expected: ['Tom Hanks'] }, answered([{ p: { labels: ['Person'], properties: { name: 'Tom Hanks', born: 1956 } } }]))).toBe('right');
    expect(grade({ mode: 'values', expected: ['Chai'] }, answered([{ p: { properties: { productName: 'Chai', unitPrice: 18 } } }]))).toBe('right');
    expect(grade({ mode: 'values', expected: ['Neo'] }, answered([{ roles: ['Neo', 'Thomas Anderson'] }]))).toBe('right');
    expect(grade({ mode: 'values', expected: [1500] }, answered([{ count: 1500 }], 'There are 1,500.'))).toBe('right');
  });

  it('compares integers exactly and other numbers within 0.006 or 0.1%', () => {
    expect(grade({ mode: 'values', expected: [12] }, answered([{ c: 13 }]))).toBe('wrong');
    expect(grade({ mode: 'values', expected: [3.14159] }, answered([{ c: 3.14 }]))).toBe('right');
    expect(grade({ mode: 'values', expected: [3.14159] }, answered([{ c: 3.13 }]))).toBe('wrong');
    expect(grade({ mode: 'values', expected: [1_000_000.5] }, answered([{ c: 1_000_900 }]))).toBe('right');
  });

  it('top: the required values, enough of them with ties, and no more rows than allowed', () => {
    const e = { mode: 'top' as const, required: ['A'], tie_allowed: ['B', 'C'], need: 2 };
    expect(grade(e, answered([{ n: 'A' }, { n: 'C' }]))).toBe('right');
    expect(grade(e, answered([{ n: 'B' }, { n: 'C' }]))).toBe('wrong');
    expect(grade(e, answered([{ n: 'A' }]))).toBe('wrong');
  });

  it('none: a query that found nothing, or only zeros and nulls', () => {
    expect(grade({ mode: 'none' }, answered([]))).toBe('right');
    expect(grade({ mode: 'none' }, answered([{ count: 0 }]))).toBe('right');
    expect(grade({ mode: 'none' }, answered([{ n: 'X' }]))).toBe('wrong');
  });

  it('a refusal or a question back is neither right nor wrong, unless that is what is asked for', () => {
    const refused = answered([], 'I can’t answer that.', null);
    expect(grade({ mode: 'values', expected: ['A'] }, refused)).toBe('neither');
    expect(grade({ mode: 'decline' }, refused)).toBe('right');
    expect(grade({ mode: 'decline' }, answered([{ n: 'A' }]))).toBe('wrong');
    expect(grade({ mode: 'ask' }, { ...refused, asked: true })).toBe('right');
    expect(grade({ mode: 'ask' }, answered([{ n: 'A' }]))).toBe('wrong');
  });

  it('an answer must also say what `text` asks for', () => {
    const e = { mode: 'values' as const, expected: ['A'], text: 'of \\d+' };
    expect(grade(e, answered([{ n: 'A' }], '1 of 344 shown: A'))).toBe('right');
    expect(grade(e, answered([{ n: 'A' }], 'A'))).toBe('wrong');
  });
});

describe('the evaluation’s files', () => {
  it('reads the benchmark’s graph format into one upsert batch', () => {
    const batch = parseCypherGraph(
      [
        "CREATE (:Person {born: 1961, name: 'Aaron \\'A\\' Sorkin', _k: 'p0'});",
        "CREATE (:Movie {title: 'X', _k: 'm1'});",
        "MATCH (a {_k: 'p0'}), (b {_k: 'm1'}) CREATE (a)-[:ACTED_IN {roles: ['Man in Bar'], rating: 3.5}]->(b);",
        'MATCH (n) REMOVE n._k;',
      ].join('\n'),
    );
    expect(batch.nodes).toEqual([
      { key: 'p0', labels: ['Person'], properties: { born: 1961, name: "Aaron 'A' Sorkin" } },
      { key: 'm1', labels: ['Movie'], properties: { title: 'X' } },
    ]);
    expect(batch.relationships).toEqual([{ fromKey: 'p0', toKey: 'm1', type: 'ACTED_IN', properties: { roles: ['Man in Bar'], rating: 3.5 } }]);
    expect(() => parseCypherGraph('MATCH (n) DETACH DELETE n;')).toThrow(/line 1/);
    expect(parseMap('{a: true, b: null, c: -2.5e3}')).toEqual({ a: true, b: null, c: -2500 });
  });

  it('reads nodes with several labels, temporal literals and points, and cuts a big graph into batches the store takes', () => {
    const batch = parseCypherGraph(
      [
        "CREATE (:Application:Process {name: 'cms', pid: 3680, _k: 'a0'});",
        "CREATE (:Filing {begin: datetime('2015-03-25T00:00:00Z'), filed: date('2015-08-29'), took: duration('P3D'), location: point({srid: 4326, x: 65.0, y: 33.5}), _k: 'f0'});",
      ].join('\n'),
    );
    expect(batch.nodes).toEqual([
      { key: 'a0', labels: ['Application', 'Process'], properties: { name: 'cms', pid: 3680 } },
      {
        key: 'f0',
        labels: ['Filing'],
        properties: {
          begin: { temporal: 'datetime', value: '2015-03-25T00:00:00Z' },
          filed: { temporal: 'date', value: '2015-08-29' },
          took: { temporal: 'duration', value: 'P3D' },
          location: { point: { srid: 4326, x: 65, y: 33.5 } },
        },
      },
    ]);
    expect(() => parseMap("{a: apoc.create('x')}")).toThrow();
    expect(() => parseMap("{a: localize(1)}")).toThrow(/unknown function/);
    const nodes = Array.from({ length: 25_001 }, (_, i) => ({ key: `n${i}`, labels: ['N'], properties: {} }));
    const relationships = Array.from({ length: 10_001 }, (_, i) => ({ fromKey: `n${i}`, type: 'R', toKey: `n${i + 1}` }));
    const batches = batchesOf({ nodes, relationships });
    expect(batches.map((b) => [b.nodes.length, b.relationships.length])).toEqual([[10_000, 0], [10_000, 0], [5_001, 0], [0, 10_000], [0, 1]]);
  });

  it('splits a set in two fixed halves by seed', () => {
    const qs = Array.from({ length: 11 }, (_, i) => ({ id: `q${i}`, question: '', kind: 'k', mode: 'none' as const }));
    const tune = halfOf(qs, 'tune', 's');
    const held = halfOf(qs, 'held-out', 's');
    expect(tune).toHaveLength(6);
    expect(held).toHaveLength(5);
    expect(new Set([...tune, ...held].map((q) => q.id)).size).toBe(11);
    expect(halfOf([...qs].reverse(), 'tune', 's').map((q) => q.id).sort()).toEqual(tune.map((q) => q.id).sort());
    expect(halfOf(qs, 'tune', 'other').map((q) => q.id)).not.toEqual(tune.map((q) => q.id));
  });
});
