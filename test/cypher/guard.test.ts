import { describe, expect, it } from 'vitest';
import { DomainError } from '../../src/platform/domain-error.js';
import { DEFAULT_ALLOWED_PROCEDURES, assertReadOnly, checkReadOnly } from '../../src/cypher/guard.js';
import { lexCypher, significant } from '../../src/cypher/lexer.js';
import { withRowLimit } from '../../src/stores/graph/row-limit.js';
import { GUARD_ONLY_READS, LEGIT_READS, WRITE_ATTEMPTS } from '../stores/graph/cypher-cases.js';

const options = { allowedProcedures: [...DEFAULT_ALLOWED_PROCEDURES] };
const check = (cypher: string) => checkReadOnly(cypher, options);

describe('cypher guard: write and escape attempts', () => {
  it('has a table of at least 40 attempts', () => {
    expect(WRITE_ATTEMPTS.length).toBeGreaterThanOrEqual(40);
  });

  it.each(WRITE_ATTEMPTS)('refuses $name', ({ cypher }) => {
    const verdict = check(cypher);
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) {
      expect(verdict.kind).toBe('not-read-only');
      expect(verdict.reason.length).toBeGreaterThan(5);
    }
  });

  it('assertReadOnly throws the refusal with the reason', () => {
    let caught: unknown;
    try {
      assertReadOnly('MATCH (n) DETACH DELETE n', options);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DomainError);
    const problem = caught as DomainError;
    expect(problem.category).toBe('refused');
    expect(problem.kind).toBe('cypher-not-read-only');
    expect(problem.details.reason).toBe('the writing clause DETACH DELETE');
  });

  it('names what it refused', () => {
    const reason = (cypher: string) => {
      const v = check(cypher);
      return v.ok ? '' : v.reason;
    };
    expect(reason('CALL apoc.load.json("x")')).toBe("procedure 'apoc.load.json' is not on the allow-list");
    expect(reason('CALL `apoc.load`.json("x")')).toBe("procedure 'apoc.load.json' is not on the allow-list");
    expect(reason("RETURN apoc.text.join(['a'], ',') AS x")).toContain("namespace 'apoc.text'");
    expect(reason("LOAD CSV FROM 'http://x' AS l RETURN l")).toContain('LOAD CSV');
    expect(reason('MATCH (n) RETURN n; CREATE (m)')).toBe('more than one statement');
    expect(reason('ＣＲＥＡＴＥ (n)')).toContain("reads as 'CREATE'");
    expect(reason('\u0421REATE (n)')).toContain('U+0421');
    expect(reason('CRE\u200DATE (n)')).toContain('U+200D');
    expect(reason('MATCH (n) RETURN n /* \u202E */')).toContain('U+202E');
    expect(reason('SHOW USERS')).toBe('SHOW commands');
  });

  it('refuses procedures that are not allow-listed, even harmless ones, and allows the configured ones', () => {
    expect(check('CALL db.labels()').ok).toBe(true);
    expect(check('CALL DB.Labels() YIELD label RETURN label').ok).toBe(true); // names compare without case
    expect(check('CALL db.indexes()').ok).toBe(false);
    expect(checkReadOnly('CALL db.indexes()', { allowedProcedures: ['db.indexes'] }).ok).toBe(true);
    expect(checkReadOnly('CALL db.labels()', { allowedProcedures: [] }).ok).toBe(false);
  });

  it('allows SHOW of indexes only when configured, never of users', () => {
    expect(checkReadOnly('SHOW INDEXES', { ...options, allowShow: true }).ok).toBe(true);
    expect(checkReadOnly('SHOW RANGE INDEXES', { ...options, allowShow: true }).ok).toBe(true);
    expect(checkReadOnly('SHOW USERS', { ...options, allowShow: true }).ok).toBe(false);
    expect(checkReadOnly('SHOW INDEXES', options).ok).toBe(false);
  });

  it('answers "invalid" for text that is not Cypher', () => {
    for (const cypher of ['', '   ', '// only a comment', "RETURN 'unterminated", 'RETURN 1 /* unterminated', 'MATCH (n RETURN n', 'RETURN [1, 2', 'RETURN $', 'RETURN `']) {
      const verdict = check(cypher);
      expect(verdict, cypher).toMatchObject({ ok: false, kind: 'invalid' });
    }
    expect(() => assertReadOnly('MATCH (n RETURN n', options)).toThrowError(expect.objectContaining({ category: 'refused', kind: 'cypher-invalid' }));
    expect(check('x'.repeat(100_001)).ok).toBe(false);
  });

  it('lets comments split words as engines do: CRE/**/ATE is two names, not CREATE (the engine then refuses it as invalid)', () => {
    expect(check('CRE/**/ATE (n)').ok).toBe(true);
  });
});

describe('cypher guard: legitimate reads', () => {
  it.each(LEGIT_READS.map((r) => [r.name, r.cypher] as const))('passes %s', (_name, cypher) => {
    expect(check(cypher)).toMatchObject({ ok: true });
  });

  it.each(GUARD_ONLY_READS)('passes %s', (cypher) => {
    expect(check(cypher)).toMatchObject({ ok: true });
  });

  it('returns the single statement without its trailing semicolon', () => {
    expect(check('MATCH (n) RETURN n ;  ')).toEqual({ ok: true, statement: 'MATCH (n) RETURN n' });
    expect(check('MATCH (n) RETURN n; // done')).toEqual({ ok: true, statement: 'MATCH (n) RETURN n' });
    expect(check("RETURN ';' AS s")).toEqual({ ok: true, statement: "RETURN ';' AS s" });
  });
});

describe('cypher lexer', () => {
  const kinds = (cypher: string) => {
    const lexed = lexCypher(cypher);
    if (!lexed.ok) throw new Error(lexed.reason);
    return significant(lexed.tokens).map((t) => `${t.kind}:${t.kind === 'quoted' ? t.value : t.text}`);
  };

  it('reads every quote style, escape, comment, parameter and number', () => {
    expect(kinds(`MATCH (n:\`My Label\`) WHERE n.x = 'a\\'b' AND n.y = "c\\"d" AND n.z = $p RETURN 0x1F, 1.5e-3 // c\n/* d */`)).toEqual([
      'word:MATCH', 'symbol:(', 'word:n', 'symbol::', 'quoted:My Label', 'symbol:)', 'word:WHERE', 'word:n', 'symbol:.', 'word:x', 'symbol:=',
      "string:'a\\'b'", 'word:AND', 'word:n', 'symbol:.', 'word:y', 'symbol:=', 'string:"c\\"d"', 'word:AND', 'word:n', 'symbol:.', 'word:z',
      'symbol:=', 'param:$p', 'word:RETURN', 'number:0x1F', 'symbol:,', 'number:1.5e-3',
    ]);
    expect(kinds('RETURN `a``b` AS x')).toContain('quoted:a`b');
  });

  it('refuses what engines could read differently', () => {
    expect(lexCypher('RETURN 1CREATE').ok).toBe(false);
    expect(lexCypher('RETURN 0xCREATE').ok).toBe(false);
    expect(lexCypher('RETURN `a\\` AS x').ok).toBe(false);
    expect(lexCypher('/* /* */').ok).toBe(false);
  });
});

describe('row limit pushdown', () => {
  it('appends a LIMIT to a final top-level RETURN without one', () => {
    expect(withRowLimit('MATCH (n) RETURN n ORDER BY n.name', 11)).toBe('MATCH (n) RETURN n ORDER BY n.name\nLIMIT 11');
    expect(withRowLimit('MATCH (n) RETURN n // comment', 3)).toBe('MATCH (n) RETURN n // comment\nLIMIT 3');
    expect(withRowLimit('MATCH (n) CALL { WITH n RETURN n.x AS x LIMIT 1 } RETURN x', 5)).toBe('MATCH (n) CALL { WITH n RETURN n.x AS x LIMIT 1 } RETURN x\nLIMIT 5');
  });

  it('leaves a query alone when it has its own LIMIT, no RETURN, or a UNION', () => {
    for (const q of ['MATCH (n) RETURN n LIMIT 5', 'MATCH (n) RETURN n LIMIT $l', 'CALL db.labels()', 'MATCH (n) RETURN n.a AS a UNION MATCH (m) RETURN m.a AS a']) {
      expect(withRowLimit(q, 3)).toBe(q);
    }
  });
});
