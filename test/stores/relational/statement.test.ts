import { describe, expect, it } from 'vitest';
import { Statement } from '../../../src/stores/relational/statement.js';

describe('Statement', () => {
  it('numbers parameters in the order they are added, with their casts', () => {
    const st = new Statement();
    const a = st.with('a', `SELECT ${st.param('x')} AS v`);
    const b = st.with('b', `SELECT v, ${st.param(2, 'integer')} AS n FROM ${a}`);
    expect(st.text(`SELECT * FROM ${b} WHERE n > ${st.param(1, 'integer')}`)).toBe(
      'WITH a AS (SELECT $1 AS v),\nb AS (SELECT v, $2::integer AS n FROM a)\nSELECT * FROM b WHERE n > $3::integer',
    );
    expect(st.params).toEqual(['x', 2, 1]);
  });

  it('is the final SELECT alone without parts, and the same text for the same parts', () => {
    const plain = new Statement();
    expect(plain.text(`SELECT ${plain.param(null)}`)).toBe('SELECT $1');
    const build = (value: string) => {
      const st = new Statement();
      st.with('x', `SELECT ${st.param(value)} AS v`);
      return st.text('SELECT v FROM x');
    };
    // The text does not depend on the values: a statement built twice is prepared once.
    expect(build('one')).toBe(build('two'));
  });
});
