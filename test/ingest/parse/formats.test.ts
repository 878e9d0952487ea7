import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../../src/ingest/parse/index.js';
import type { DocumentFormat, ExtractedDocument } from '../../../src/ingest/types.js';
import { limits, makeDocx, makePdf } from '../fixtures.js';

const utf8 = (text: string) => new TextEncoder().encode(text);
const parse = (format: DocumentFormat, bytes: Uint8Array | string, overrides = {}) =>
  parseDocument({ bytes: typeof bytes === 'string' ? utf8(bytes) : bytes, format, limits: limits(overrides) });

/** The invariants every consumer relies on: the full text is the blocks joined by '\n', offsets point into it. */
function expectConsistent(doc: ExtractedDocument): string {
  const full = doc.blocks.map((b) => b.text).join('\n');
  expect(doc.chars).toBe(full.length);
  for (const block of doc.blocks) expect(full.slice(block.offset, block.offset + block.text.length)).toBe(block.text);
  return full;
}

describe('parsing each format', () => {
  it('text: a block per paragraph', async () => {
    const doc = await parse('text', 'First line\nsame paragraph.\r\n\r\n  Second paragraph.  \n\n\n\nThird.');
    expect(doc.blocks.map((b) => b.text)).toEqual(['First line\nsame paragraph.', 'Second paragraph.', 'Third.']);
    expect(expectConsistent(doc)).toBe('First line\nsame paragraph.\nSecond paragraph.\nThird.');
    expect(doc.warnings).toEqual([]);
  });

  it('markdown: front matter, title, wiki links with offsets, text without marks', async () => {
    const source = [
      '---',
      'title: From front matter',
      'tags: [people, notes]',
      '---',
      '# Meeting with *Alex*',
      '',
      'Talked to [[Alex Kim|Alex]] about [the plan](https://example.org).',
      '',
      '- ask [[Bea Lund]]',
      '- book a room',
      '',
      '> quoted [[Cy]]',
      '',
      '<div>raw html</div>',
      '',
      '```',
      'code()',
      '```',
    ].join('\n');
    const doc = await parse('markdown', source);
    const full = expectConsistent(doc);
    expect(doc.blocks.map((b) => b.text)).toEqual([
      'Meeting with Alex',
      'Talked to [[Alex Kim|Alex]] about the plan.',
      'ask [[Bea Lund]]',
      'book a room',
      'quoted [[Cy]]',
      'code()',
    ]);
    expect(doc.markdown?.frontMatter).toEqual({ title: 'From front matter', tags: ['people', 'notes'] });
    expect(doc.markdown?.title).toBe('Meeting with Alex');
    expect(doc.markdown?.links).toEqual([
      { target: 'Alex Kim', alias: 'Alex', offset: full.indexOf('[[Alex Kim') },
      { target: 'Bea Lund', offset: full.indexOf('[[Bea Lund') },
      { target: 'Cy', offset: full.indexOf('[[Cy') },
    ]);
  });

  it('markdown: the title falls back to the front matter; bad YAML is a warning', async () => {
    const titled = await parse('markdown', '---\ntitle: Only here\n---\nNo heading.\n');
    expect(titled.markdown?.title).toBe('Only here');
    const broken = await parse('markdown', '---\nkey: [unclosed\n---\nBody.\n');
    expect(broken.markdown?.frontMatter).toBeNull();
    expect(broken.warnings).toEqual(['The front matter is not valid YAML; it was skipped.']);
    expect(broken.blocks.map((b) => b.text)).toEqual(['Body.']);
    const plain = await parse('markdown', 'No front matter, no heading.');
    expect(plain.markdown).toEqual({ frontMatter: null, title: null, links: [] });
  });

  it('csv: header, typed values, a text block per row', async () => {
    const doc = await parse('csv', 'name,age,score,active,joined,zip,,name\nAlex Kim,34,3.5,true,2024-01-02,02134,x,dup\n"Lund, Bea",,-1e3,FALSE,2023-05-06T10:00:00Z,,,\n');
    expect(doc.table?.columns).toEqual(['name', 'age', 'score', 'active', 'joined', 'zip', 'column_7', 'name_2']);
    expect(doc.table?.rows).toEqual([
      { name: 'Alex Kim', age: 34, score: 3.5, active: true, joined: '2024-01-02', zip: '02134', column_7: 'x', name_2: 'dup' },
      { name: 'Lund, Bea', age: null, score: -1000, active: false, joined: '2023-05-06T10:00:00Z', zip: null, column_7: null, name_2: null },
    ]);
    expect(doc.blocks.map((b) => b.text)).toEqual([
      'name: Alex Kim, age: 34, score: 3.5, active: true, joined: 2024-01-02, zip: 02134, column_7: x, name_2: dup',
      'name: Lund, Bea, score: -1000, active: false, joined: 2023-05-06T10:00:00Z',
    ]);
    expectConsistent(doc);
  });

  it('csv: semicolons and tabs, ragged rows with a warning, progress in rows', async () => {
    const progress: string[] = [];
    const doc = await parseDocument({
      bytes: utf8('a;b;c\n1;2;3\n4;5\n6;7;8;9\n'),
      format: 'csv',
      limits: limits(),
      onProgress: (done, total, unit) => progress.push(`${done}/${total} ${unit}`),
    });
    expect(doc.table?.rows).toEqual([
      { a: 1, b: 2, c: 3 },
      { a: 4, b: 5, c: null },
      { a: 6, b: 7, c: 8 },
    ]);
    expect(doc.warnings).toEqual(['Some rows have more or fewer cells than the header: missing cells are empty, extra cells were left out.']);
    expect(progress).toEqual(['3/3 rows']);
    const tabs = await parse('csv', 'x\ty\n1,5\t2\n');
    expect(tabs.table?.rows).toEqual([{ x: '1,5', y: 2 }]);
  });

  it('json: values kept, text flattened per record', async () => {
    const value = { name: 'Alex', age: 34, address: { city: 'Paris', zip: null }, tags: ['a', 'b'], knows: [{ name: 'Bea' }, { name: 'Cy', age: 3 }] };
    const doc = await parse('json', JSON.stringify(value));
    expect(doc.json).toEqual([value]);
    expect(doc.blocks.map((b) => b.text)).toEqual(['name: Alex; age: 34; address.city: Paris; address.zip: null; tags: a, b', 'name: Bea', 'name: Cy; age: 3']);
    expectConsistent(doc);
    const list = await parse('json', '[1, "two", {"three": 3}]');
    expect(list.blocks.map((b) => b.text)).toEqual(['1, two', 'three: 3']);
  });

  it('jsonl: one value per line; jsonld: plain JSON, its context never fetched', async () => {
    const lines = await parse('jsonl', '{"id": 1, "name": "Alex"}\n\n{"id": 2, "name": "Bea"}\n');
    expect(lines.json).toEqual([
      { id: 1, name: 'Alex' },
      { id: 2, name: 'Bea' },
    ]);
    expect(lines.blocks.map((b) => b.text)).toEqual(['id: 1; name: Alex', 'id: 2; name: Bea']);
    const ld = await parse('jsonld', JSON.stringify({ '@context': 'https://schema.invalid/never-fetched', '@id': 'urn:x', name: 'Alex' }));
    expect(ld.json?.[0]).toMatchObject({ '@context': 'https://schema.invalid/never-fetched' });
    expect(ld.blocks.map((b) => b.text)).toEqual(['@id: urn:x; name: Alex']);
    await expect(parse('jsonl', '{"a": 1}\n{oops}\n')).rejects.toMatchObject({ name: 'IngestRejection', message: 'line 2 of the JSON Lines file is not valid JSON' });
    await expect(parse('json', '{"a": ')).rejects.toMatchObject({ name: 'IngestRejection', message: expect.stringMatching(/^the file is not valid JSON/) });
  });

  it('html: the visible text by paragraph; scripts and styles dropped', async () => {
    const html =
      '<!doctype html><html><head><title>T</title><style>p { color: red }</style><script>alert("x")</script></head>' +
      '<body><h1>Quarterly report</h1><p>Alex <b>Kim</b> joined <a href="https://example.org">Acme</a>.<br>Second line.</p>' +
      '<ul><li>one</li><li>two</li></ul><img src="x.png" alt="photo"><table><tr><th>Name</th><th>Age</th></tr><tr><td>Bea</td><td>28</td></tr></table></body></html>';
    const doc = await parse('html', html);
    const full = expectConsistent(doc);
    expect(doc.blocks.map((b) => b.text).slice(0, 3)).toEqual(['Quarterly report', 'Alex Kim joined Acme.\nSecond line.', '* one\n * two']);
    expect(full).toMatch(/Name\s+Age\nBea\s+28/);
    expect(full).not.toMatch(/alert|color|<|example\.org|photo/);
  });

  it('pdf: a block per page, with its page number', async () => {
    const progress: string[] = [];
    const bytes = await makePdf(['Alex Kim met Bea Lund.\nIn Paris.', '', 'Third page text.']);
    const doc = await parseDocument({ bytes, format: 'pdf', limits: limits(), onProgress: (d, t, u) => progress.push(`${d}/${t} ${u}`) });
    expect(doc.pages).toBe(3);
    expect(doc.blocks).toEqual([
      { text: 'Alex Kim met Bea Lund.\nIn Paris.', page: 1, offset: 0 },
      { text: 'Third page text.', page: 3, offset: 33 },
    ]);
    expect(progress).toEqual(['1/3 pages', '2/3 pages', '3/3 pages']);
    expectConsistent(doc);
  });

  it('docx: a block per paragraph', async () => {
    const doc = await parse('docx', await makeDocx(['Alex Kim works at Acme.', '', 'Bea Lund lives in Oslo.']));
    expect(doc.blocks.map((b) => b.text)).toEqual(['Alex Kim works at Acme.', 'Bea Lund lives in Oslo.']);
    expectConsistent(doc);
  });

  it('cuts the text at maxChars, with a warning, for every format', async () => {
    const cases: [DocumentFormat, Uint8Array | string][] = [
      ['text', 'abcdefghij\n\nklmnopqrst\n\nuvwxyz'],
      ['markdown', '# abcdefghij\n\nklmnopqrst\n\nuvwxyz'],
      ['csv', 'c\nabcdefghij\nklmnopqrst\nuvwxyz\n'],
      ['jsonl', '{"c":"abcdefghij"}\n{"c":"klmnopqrst"}\n'],
      ['html', '<p>abcdefghij</p><p>klmnopqrst</p>'],
      ['pdf', await makePdf(['abcdefghij', 'klmnopqrst'])],
      ['docx', await makeDocx(['abcdefghij', 'klmnopqrst'])],
    ];
    for (const [format, bytes] of cases) {
      const doc = await parse(format, bytes, { maxChars: 15 });
      expect(doc.chars, format).toBeLessThanOrEqual(15);
      expect(doc.chars, format).toBeGreaterThanOrEqual(10);
      expect(doc.warnings, format).toEqual(["The text was cut at 15 characters (INGEST_MAX_CHARS); the rest of the document's text was left out."]);
      expectConsistent(doc);
    }
  });
});
