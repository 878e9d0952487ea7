import { describe, expect, it } from 'vitest';
import { cellText, rowsToCsv, toCsv } from '../../../src/engine/render/csv.js';

/**
 * A deliberately tiny, strict RFC 4180 reader: CRLF record ends only, quotes only around whole
 * fields. Anything else in the writer's output is a bug, so it throws.
 */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let i = 0;
  const endField = () => {
    record.push(field);
    field = '';
  };
  while (i < text.length) {
    if (text[i] === '"' && field === '') {
      const close = () => text[i] === '"' && text[i + 1] !== '"';
      i += 1;
      while (i < text.length && !close()) {
        field += text[i];
        i += text[i] === '"' ? 2 : 1; // a doubled quote stands for one
      }
      if (i >= text.length) throw new Error('unterminated quoted field');
      i += 1;
      if (text[i] !== ',' && text[i] !== '\r') throw new Error(`text after a closing quote at ${i}`);
    }
    const char = text[i];
    if (char === ',') {
      endField();
      i += 1;
    } else if (char === '\r') {
      if (text[i + 1] !== '\n') throw new Error(`bare CR at ${i}`);
      endField();
      records.push(record);
      record = [];
      i += 2;
    } else if (char === '\n' || char === '"') {
      throw new Error(`unquoted ${JSON.stringify(char)} at ${i}`);
    } else {
      field += char;
      i += 1;
    }
  }
  if (field !== '' || record.length > 0) throw new Error('last record does not end with CRLF');
  return records;
}

describe('toCsv', () => {
  it('writes a header record and CRLF-terminated records', () => {
    expect(toCsv(['name', 'count'], [['a', 1], ['b', 2]])).toBe('name,count\r\na,1\r\nb,2\r\n');
  });

  it('writes only the header when there are no rows', () => {
    expect(toCsv(['a', 'b'], [])).toBe('a,b\r\n');
  });

  it('quotes fields containing quotes, commas, CR or LF, doubling quotes', () => {
    const csv = toCsv(['v'], [['say "hi"'], ['a,b'], ['line1\nline2'], ['cr\rhere'], ['crlf\r\nhere'], ['plain']]);
    expect(csv).toBe('v\r\n"say ""hi"""\r\n"a,b"\r\n"line1\nline2"\r\n"cr\rhere"\r\n"crlf\r\nhere"\r\nplain\r\n');
  });

  it('leaves unicode as it is', () => {
    expect(toCsv(['città', '名前'], [['naïve café', '日本語 🎉']])).toBe('città,名前\r\nnaïve café,日本語 🎉\r\n');
  });

  it('formats values by type', () => {
    const csv = toCsv(
      ['null', 'undef', 'num', 'bool', 'big', 'date', 'object', 'array'],
      [[null, undefined, 3.5, true, 12345678901234567890n, new Date(Date.UTC(2024, 0, 2, 3, 4, 5)), { a: 1, b: 'x' }, [1, 'two']]],
    );
    expect(csv.split('\r\n')[1]).toBe(',,3.5,true,12345678901234567890,2024-01-02T03:04:05.000Z,"{""a"":1,""b"":""x""}","[1,""two""]"');
  });

  it('pads short rows with empty fields and refuses long ones', () => {
    expect(toCsv(['a', 'b', 'c'], [['x']])).toBe('a,b,c\r\nx,,\r\n');
    expect(() => toCsv(['a'], [['x', 'y']])).toThrow(RangeError);
  });

  it('writes a record made of one empty field as "" so that it is not a blank line', () => {
    expect(toCsv(['a'], [[null], ['']])).toBe('a\r\n""\r\n""\r\n');
  });

  describe('formula injection defence', () => {
    it.each([
      ['=1+2', "'=1+2"],
      ['=HYPERLINK("http://evil","x")', '"\'=HYPERLINK(""http://evil"",""x"")"'],
      ['+cmd', "'+cmd"],
      ['-2+3+cmd|\' /C calc\'!A0', "'-2+3+cmd|' /C calc'!A0"],
      ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
      ['\t=1', "'\t=1"],
      ['\r=1', '"\'\r=1"'],
      ['--', "'--"],
      ['-', "'-"],
    ])('prefixes %j with a quote', (value, expected) => {
      expect(toCsv(['v'], [[value]])).toBe(`v\r\n${expected}\r\n`);
    });

    it.each(['-12.5', '+3', '-0', '.5', '-.5', '1e-3', '-1.5E+10', '12.'])('leaves the plain number string %j alone', (value) => {
      expect(toCsv(['v'], [[value]])).toBe(`v\r\n${value}\r\n`);
    });

    it('never prefixes numbers or bigints', () => {
      expect(toCsv(['n', 'b'], [[-12.5, -7n]])).toBe('n,b\r\n-12.5,-7\r\n');
    });

    it('defends header cells too', () => {
      expect(toCsv(['=evil()', 'ok'], [])).toBe("'=evil(),ok\r\n");
    });

    it('leaves strings with a formula character later on alone', () => {
      expect(toCsv(['v'], [['a=1'], [' =1'], ['1-2']])).toBe('v\r\na=1\r\n =1\r\n1-2\r\n');
    });

    it('does not prefix JSON of objects, which starts with { or [', () => {
      expect(toCsv(['v'], [[{ '=x': 1 }]])).toBe('v\r\n"{""=x"":1}"\r\n');
    });
  });

  it('round-trips through an RFC 4180 reader', () => {
    const columns = ['id', 'text, with comma', 'quote "q"', 'multi\nline'];
    const rows: unknown[][] = [
      [1, 'plain', 'He said "no"', 'a\r\nb\nc\rd'],
      [-2.5, '', null, '🎉 unicode, ünïcödé'],
      [3n, '=1+1', '-12.5', '  spaced  '],
      [true, { nested: ['x', 'y"z'] }, undefined, ',,,'],
    ];
    const parsed = parseCsv(toCsv(columns, rows));
    expect(parsed).toEqual([
      columns,
      ['1', 'plain', 'He said "no"', 'a\r\nb\nc\rd'],
      ['-2.5', '', '', '🎉 unicode, ünïcödé'],
      ['3', "'=1+1", '-12.5', '  spaced  '],
      ['true', '{"nested":["x","y\\"z"]}', '', ',,,'],
    ]);
  });
});

describe('rowsToCsv', () => {
  it('writes records in column order, missing keys as empty fields', () => {
    const csv = rowsToCsv(['b', 'a', 'missing'], [{ a: 1, b: 'x' }, { a: 2, extra: 'ignored' }]);
    expect(csv).toBe('b,a,missing\r\nx,1,\r\n,2,\r\n');
  });

  it('does not read inherited properties', () => {
    expect(rowsToCsv(['constructor', 'toString', '__proto__'], [{}])).toBe('constructor,toString,__proto__\r\n,,\r\n');
  });
});

describe('cellText', () => {
  it('shows an invalid date as text instead of throwing', () => {
    expect(cellText(new Date(Number.NaN))).toBe('Invalid Date');
  });
});
