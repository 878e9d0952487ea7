import { describe, expect, it } from 'vitest';
import { runInParserProcess } from '../../../src/ingest/child/runner.js';
import { ResultAssembler, splitResult } from '../../../src/ingest/child/result-parts.js';
import { chunksOf, limits } from '../fixtures.js';

describe('a parser answer sent in parts', () => {
  it('sends long arrays in parts of at most the part size and puts them back in order', () => {
    const value = {
      document: { format: 'csv', table: { columns: ['a'], rows: Array.from({ length: 25 }, (_, i) => [i]) } },
      chunks: Array.from({ length: 7 }, (_, i) => ({ index: i })),
      facts: { entities: Array.from({ length: 11 }, (_, i) => ({ key: `k${i}` })), relations: [], warnings: ['w'] },
    };
    const copy = structuredClone(value);
    const { rest, parts } = splitResult(value, 10);

    expect(value).toEqual(copy); // the answer itself is left alone
    expect(parts.map((p) => [p.path.join('.'), p.items.length])).toEqual([
      ['document.table.rows', 10],
      ['document.table.rows', 10],
      ['document.table.rows', 5],
      ['facts.entities', 10],
      ['facts.entities', 1],
    ]);
    expect(rest).toMatchObject({ document: { table: { rows: [] } }, chunks: copy.chunks, facts: { entities: [], warnings: ['w'] } });

    const assembler = new ResultAssembler();
    for (const part of structuredClone(parts)) assembler.add(part);
    expect(assembler.assemble(structuredClone(rest))).toEqual(copy);
  });

  it('refuses a part that names something the answer does not have', () => {
    const assembler = new ResultAssembler();
    assembler.add({ path: ['facts', 'entities'], items: [1] });
    expect(() => assembler.assemble({ facts: 'none' })).toThrow(/does not have/);
  });

  it('brings every row of a large CSV from the parser process, in order', async () => {
    const rows = 4_321; // more than four parts of rows, entities and chunks' worth of text
    const csv = ['id,name,type,city', ...Array.from({ length: rows }, (_, i) => `${i + 1},Person ${i + 1},Person,City ${i % 7}`)].join('\n');
    const result = await runInParserProcess({ task: 'extract', bytes: chunksOf(new TextEncoder().encode(csv)), limits: limits({ csvMaxRows: rows, maxEntities: 2 * rows, chunkChars: 4000 }), sourceName: 'people.csv' });

    expect(result.document.table?.rows).toHaveLength(rows);
    expect(result.document.table?.rows.at(-1)).toEqual({ id: rows, name: `Person ${rows}`, type: 'Person', city: `City ${(rows - 1) % 7}` });
    const people = result.facts.entities.filter((e) => e.labels.includes('Person'));
    expect(people).toHaveLength(rows);
    expect(people.map((e) => e.name)).toEqual(Array.from({ length: rows }, (_, i) => `Person ${i + 1}`));
  });
});
