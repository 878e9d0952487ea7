import { describe, expect, it } from 'vitest';
import { CypherTemplateError } from '../../src/cypher/errors.js';
import { fingerprintCypher } from '../../src/cypher/fingerprint.js';
import { parameterizeCypher, substituteParameters } from '../../src/cypher/parameterize.js';
import { cypherLiteral } from '../../src/cypher/text.js';
import { lexCypher } from '../../src/cypher/lexer.js';

const fp = (cypher: string) => fingerprintCypher(cypher).fingerprint;

describe('fingerprintCypher', () => {
  it('gives a readable normalized text and its sha256', () => {
    const result = fingerprintCypher("MATCH (p:Person {name:'Tom Hanks'})-[:ACTED_IN]->(m) RETURN m.title");
    expect(result.normalized).toBe('MATCH (v1:Person {name:?})-[:ACTED_IN]->(v2) RETURN v2.title');
    expect(result.fingerprint).toMatch(/^[0-9a-f]{64}$/);
  });

  it('keeps structure literal and normalizes the rest', () => {
    expect(
      fingerprintCypher(
        "match (p:Person)-[r:ACTED_IN*1..3]-(m:`Movie`) where toLower(p.name) contains toLower('tom') and m.released >= -5 " +
          "and m.title in ['A', 'B'] return m.title as title, collect(p.name)[0..5], m['tagline'] order by title descending skip 2 limit 10;",
      ).normalized,
    ).toBe(
      'MATCH (v1:Person)-[v2:ACTED_IN*1..3]-(v3:Movie) WHERE tolower(v1.name) CONTAINS tolower(?) AND v3.released>=? ' +
        "AND v3.title IN ? RETURN v3.title AS v4, collect(v1.name)[0..5], v3['tagline'] ORDER BY v4 DESC SKIP 2 LIMIT 10",
    );
  });

  const same: [string, string, string][] = [
    [
      'the example of the issue',
      "MATCH (p:Person {name:'Tom Hanks'})-[:ACTED_IN]->(m) RETURN m.title",
      'match (x:Person {name: "Meg Ryan"}) -[:ACTED_IN]-> (movie)  return movie.title // hi',
    ],
    ['keyword case', 'MATCH (n:Movie) WHERE n.title IS NOT NULL RETURN n', 'match (n:Movie) where n.title is not null return n'],
    ['whitespace and newlines', 'MATCH (n:Movie)\n  WHERE n.released > 1990\n\tRETURN n.title', 'MATCH (n:Movie) WHERE n.released>1990 RETURN n.title'],
    ['variable names', 'MATCH (a:Person)-[r:ACTED_IN]->(b) RETURN a, r, b', 'MATCH (x:Person)-[y:ACTED_IN]->(z) RETURN x, y, z'],
    ['quote style', "MATCH (m {title: 'The Matrix'}) RETURN m", 'MATCH (m {title: "The Matrix"}) RETURN m'],
    ['string value', "MATCH (m:Movie) WHERE m.title = 'Top Gun' RETURN m", "MATCH (m:Movie) WHERE m.title = 'Cast Away' RETURN m"],
    ['number value', 'MATCH (m:Movie) WHERE m.released > 1990 RETURN m', 'MATCH (m:Movie) WHERE m.released > 2005 RETURN m'],
    ['integer and float', 'MATCH (m:Movie) WHERE m.rating > 7.5 RETURN m', 'MATCH (m:Movie) WHERE m.rating > 8 RETURN m'],
    ['negative number', 'MATCH (m:Movie) WHERE m.delta > -5 RETURN m', 'MATCH (m:Movie) WHERE m.delta > 3 RETURN m'],
    ['parameter instead of a literal', 'MATCH (p:Person {name: $name}) RETURN p', "MATCH (p:Person {name: 'Keanu Reeves'}) RETURN p"],
    ['list lengths', "MATCH (m:Movie) WHERE m.title IN ['A', 'B', 'C'] RETURN m", "MATCH (m:Movie) WHERE m.title IN ['X'] RETURN m"],
    ['list and list parameter', 'MATCH (m:Movie) WHERE m.title IN $titles RETURN m', "MATCH (m:Movie) WHERE m.title IN ['A', $b] RETURN m"],
    ['line comment', 'MATCH (n:Movie) // all the movies\nRETURN n', 'MATCH (n:Movie) RETURN n'],
    ['block comment', 'MATCH /* the people */ (n:Person) RETURN n', 'MATCH (n:Person) RETURN n'],
    ['final semicolon', 'MATCH (n:Person) RETURN n;', 'MATCH (n:Person) RETURN n'],
    ['function name case', 'MATCH (p:Person) RETURN toLower(p.name), COUNT(*)', 'MATCH (p:Person) RETURN TOLOWER(p.name), count(*)'],
    ['ASCENDING and ASC', 'MATCH (m:Movie) RETURN m ORDER BY m.title ASCENDING', 'MATCH (m:Movie) RETURN m ORDER BY m.title asc'],
    ['OFFSET and SKIP', 'MATCH (m:Movie) RETURN m SKIP 5', 'MATCH (m:Movie) RETURN m OFFSET 5'],
    ['backticked variable', 'MATCH (`my movie`:Movie) RETURN `my movie`', 'MATCH (m:Movie) RETURN m'],
    ['needless backticks on a label and a key', 'MATCH (m:`Movie` {`title`: "x"}) RETURN m.`title`', "MATCH (m:Movie {title: 'y'}) RETURN m.title"],
    ['alias names', 'MATCH (m:Movie) RETURN m.title AS title', 'MATCH (m:Movie) RETURN m.title AS name'],
    ['string escapes', "MATCH (m) WHERE m.title = 'It\\'s' RETURN m", 'MATCH (m) WHERE m.title = "It\'s" RETURN m'],
  ];
  it.each(same)('same fingerprint: %s', (_name, a, b) => {
    expect(fingerprintCypher(a).normalized).toBe(fingerprintCypher(b).normalized);
    expect(fp(a)).toBe(fp(b));
  });

  const different: [string, string, string][] = [
    ['label', 'MATCH (p:Person) RETURN p', 'MATCH (p:Movie) RETURN p'],
    ['relationship type', 'MATCH (p)-[:ACTED_IN]->(m) RETURN m', 'MATCH (p)-[:DIRECTED]->(m) RETURN m'],
    ['property key', "MATCH (p {name: 'x'}) RETURN p", "MATCH (p {title: 'x'}) RETURN p"],
    ['property read', 'MATCH (m:Movie) RETURN m.title', 'MATCH (m:Movie) RETURN m.released'],
    ['direction', 'MATCH (p)-[:ACTED_IN]->(m) RETURN m', 'MATCH (p)<-[:ACTED_IN]-(m) RETURN m'],
    ['directed and undirected', 'MATCH (p)-[:ACTED_IN]->(m) RETURN m', 'MATCH (p)-[:ACTED_IN]-(m) RETURN m'],
    ['OPTIONAL', 'MATCH (p:Person) OPTIONAL MATCH (p)-->(m) RETURN m', 'MATCH (p:Person) MATCH (p)-->(m) RETURN m'],
    ['extra clause', 'MATCH (m:Movie) RETURN m', 'MATCH (m:Movie) WHERE m.released > 1990 RETURN m'],
    ['ORDER BY direction', 'MATCH (m:Movie) RETURN m ORDER BY m.title', 'MATCH (m:Movie) RETURN m ORDER BY m.title DESC'],
    ['LIMIT value (structure, kept)', 'MATCH (m:Movie) RETURN m LIMIT 5', 'MATCH (m:Movie) RETURN m LIMIT 10'],
    ['LIMIT or not', 'MATCH (m:Movie) RETURN m LIMIT 5', 'MATCH (m:Movie) RETURN m'],
    ['DISTINCT', 'MATCH (m:Movie) RETURN m.title', 'MATCH (m:Movie) RETURN DISTINCT m.title'],
    ['comparison', 'MATCH (m:Movie) WHERE m.released > 1990 RETURN m', 'MATCH (m:Movie) WHERE m.released >= 1990 RETURN m'],
    ['AND or OR', 'MATCH (m) WHERE m.a = 1 AND m.b = 2 RETURN m', 'MATCH (m) WHERE m.a = 1 OR m.b = 2 RETURN m'],
    ['variable-length range', 'MATCH (a)-[:KNOWS*1..3]->(b) RETURN b', 'MATCH (a)-[:KNOWS*1..5]->(b) RETURN b'],
    ['true or false (structure, kept)', 'MATCH (m {active: true}) RETURN m', 'MATCH (m {active: false}) RETURN m'],
    ['CONTAINS or STARTS WITH', "MATCH (m) WHERE m.title CONTAINS 'x' RETURN m", "MATCH (m) WHERE m.title STARTS WITH 'x' RETURN m"],
    ['aggregate', 'MATCH (m:Movie) RETURN count(m)', 'MATCH (m:Movie) RETURN collect(m)'],
    ['one variable or two', 'MATCH (a)-[:KNOWS]->(a) RETURN a', 'MATCH (a)-[:KNOWS]->(b) RETURN a'],
    ['label that needs backticks', 'MATCH (m:`Sci Fi`) RETURN m', 'MATCH (m:SciFi) RETURN m'],
    ['slice bounds (structure, kept)', 'MATCH (m) RETURN collect(m)[0..5]', 'MATCH (m) RETURN collect(m)[0..3]'],
    ['empty list is not a value', 'MATCH (m) WHERE m.tags = [] RETURN m', "MATCH (m) WHERE m.tags = ['x'] RETURN m"],
  ];
  it.each(different)('different fingerprint: %s', (_name, a, b) => {
    expect(fp(a)).not.toBe(fp(b));
  });

  it('throws a clear error for text it cannot read', () => {
    expect(() => fingerprintCypher("MATCH (n) RETURN 'unterminated")).toThrow(CypherTemplateError);
    expect(() => fingerprintCypher("MATCH (n) RETURN 'unterminated")).toThrow(/unterminated string literal/);
    expect(() => fingerprintCypher('MATCH (n RETURN n')).toThrow(/unclosed '\('/);
    expect(() => fingerprintCypher('MATCH (n)) RETURN n')).toThrow(/unbalanced '\)'/);
    expect(() => fingerprintCypher('MATCH (n:Pеrson) RETURN n')).toThrow(/U\+0435/);
    expect(() => fingerprintCypher('MATCH (n) RETURN n; MATCH (m) RETURN m')).toThrow(/more than one statement/);
    expect(() => fingerprintCypher('  // nothing\n')).toThrow(/empty/);
  });
});

describe('parameterizeCypher', () => {
  const cases: [string, string, Record<string, unknown>, string, { name: string; example: unknown }[]][] = [
    [
      'property map',
      "MATCH (p:Person {name: 'Tom Hanks'})-[:ACTED_IN]->(m) RETURN m.title",
      {},
      'MATCH (p:Person {name: $name})-[:ACTED_IN]->(m) RETURN m.title',
      [{ name: 'name', example: 'Tom Hanks' }],
    ],
    [
      'WHERE equality',
      'MATCH (p:Person) WHERE p.name = "Meg Ryan" RETURN p',
      {},
      'MATCH (p:Person) WHERE p.name = $name RETURN p',
      [{ name: 'name', example: 'Meg Ryan' }],
    ],
    [
      'literal on the left',
      'MATCH (m:Movie) WHERE 1990 < m.released RETURN m',
      {},
      'MATCH (m:Movie) WHERE $released < m.released RETURN m',
      [{ name: 'released', example: 1990 }],
    ],
    [
      'IN list',
      "MATCH (m:Movie) WHERE m.title IN ['Top Gun', 'Cast Away'] RETURN m",
      {},
      'MATCH (m:Movie) WHERE m.title IN $title RETURN m',
      [{ name: 'title', example: ['Top Gun', 'Cast Away'] }],
    ],
    [
      'CONTAINS through function calls',
      "MATCH (p:Person) WHERE toLower(p.name) CONTAINS toLower('TOM') RETURN p",
      {},
      'MATCH (p:Person) WHERE toLower(p.name) CONTAINS toLower($name) RETURN p',
      [{ name: 'name', example: 'TOM' }],
    ],
    [
      'STARTS WITH',
      "MATCH (m:Movie) WHERE m.tagline STARTS WITH 'Welcome' RETURN m",
      {},
      'MATCH (m:Movie) WHERE m.tagline STARTS WITH $tagline RETURN m',
      [{ name: 'tagline', example: 'Welcome' }],
    ],
    [
      'numbers with comparisons, de-duplicated names',
      'MATCH (m:Movie) WHERE m.released >= 1990 AND m.released < 2000 AND m.rating > -1.5 RETURN m',
      {},
      'MATCH (m:Movie) WHERE m.released >= $released AND m.released < $released_2 AND m.rating > $rating RETURN m',
      [
        { name: 'released', example: 1990 },
        { name: 'released_2', example: 2000 },
        { name: 'rating', example: -1.5 },
      ],
    ],
    [
      'the same value twice is one parameter',
      "MATCH (p:Person {name: 'Tom Hanks'})-[:ACTED_IN]->(m)<-[:ACTED_IN]-(q) WHERE q.name <> 'Tom Hanks' RETURN q.name",
      {},
      'MATCH (p:Person {name: $name})-[:ACTED_IN]->(m)<-[:ACTED_IN]-(q) WHERE q.name <> $name RETURN q.name',
      [{ name: 'name', example: 'Tom Hanks' }],
    ],
    [
      'existing parameter kept with its example',
      'MATCH (p:Person {name: $name})-[:ACTED_IN]->(m) WHERE m.released > 1999 RETURN m',
      { name: 'Keanu Reeves', unused: 1 },
      'MATCH (p:Person {name: $name})-[:ACTED_IN]->(m) WHERE m.released > $released RETURN m',
      [
        { name: 'name', example: 'Keanu Reeves' },
        { name: 'released', example: 1999 },
      ],
    ],
    [
      'existing parameter without an example; new names avoid it',
      "MATCH (p:Person) WHERE p.name = $name OR p.name = 'x' RETURN p",
      {},
      'MATCH (p:Person) WHERE p.name = $name OR p.name = $name_2 RETURN p',
      [
        { name: 'name', example: null },
        { name: 'name_2', example: 'x' },
      ],
    ],
    [
      'structure stays: LIMIT, SKIP, ranges, subscripts, booleans, null',
      "MATCH (a {active: true})-[:KNOWS*1..3]->(b) WHERE b.x IS NOT NULL RETURN collect(b.name)[0], b['born'] SKIP 5 LIMIT 10",
      {},
      "MATCH (a {active: true})-[:KNOWS*1..3]->(b) WHERE b.x IS NOT NULL RETURN collect(b.name)[0], b['born'] SKIP 5 LIMIT 10",
      [],
    ],
    [
      'aliases name values; fallback names',
      "UNWIND ['a', 'b'] AS code RETURN code + ' (' + 7 + ')'",
      {},
      'UNWIND $code AS code RETURN code + $p1 + $p2 + $p3',
      [
        { name: 'code', example: ['a', 'b'] },
        { name: 'p1', example: ' (' },
        { name: 'p2', example: 7 },
        { name: 'p3', example: ')' },
      ],
    ],
    [
      'a list with a parameter keeps its other elements apart',
      "MATCH (m:Movie) WHERE m.title IN [$first, 'Cast Away'] RETURN m",
      { first: 'Top Gun' },
      'MATCH (m:Movie) WHERE m.title IN [$first, $title] RETURN m',
      [
        { name: 'first', example: 'Top Gun' },
        { name: 'title', example: 'Cast Away' },
      ],
    ],
    [
      'comments and layout kept; no word glued to a parameter',
      "MATCH (p:Person) // who\nWHERE p.name='Tom'AND p.born>1950\nRETURN p",
      {},
      'MATCH (p:Person) // who\nWHERE p.name=$name AND p.born>$born\nRETURN p',
      [
        { name: 'name', example: 'Tom' },
        { name: 'born', example: 1950 },
      ],
    ],
    [
      'map keys inside function arguments',
      'MATCH (m:Movie) WHERE m.released > date({year: 1995}).year RETURN m',
      {},
      'MATCH (m:Movie) WHERE m.released > date({year: $year}).year RETURN m',
      [{ name: 'year', example: 1995 }],
    ],
  ];

  it.each(cases)('%s', (_name, cypher, parameters, expected, expectedParameters) => {
    const template = parameterizeCypher(cypher, parameters);
    expect(template.cypher).toBe(expected);
    expect(template.parameters).toEqual(expectedParameters);
    expect(lexCypher(template.cypher).ok).toBe(true);
    expect(fp(template.cypher)).toBe(fp(cypher));
  });

  it('lets a curator rename the parameters in order of appearance, existing ones included', () => {
    const template = parameterizeCypher(
      "MATCH (p:Person {name: $who})-[:ACTED_IN]->(m) WHERE m.released > 1990 AND m.title <> 'x' RETURN m",
      { who: 'Tom Hanks' },
      ['actor', 'after', 'excluded'],
    );
    expect(template.cypher).toBe('MATCH (p:Person {name: $actor})-[:ACTED_IN]->(m) WHERE m.released > $after AND m.title <> $excluded RETURN m');
    expect(template.parameters).toEqual([
      { name: 'actor', example: 'Tom Hanks' },
      { name: 'after', example: 1990 },
      { name: 'excluded', example: 'x' },
    ]);
  });

  it('refuses bad names with a clear error', () => {
    const cypher = "MATCH (p:Person {name: 'Tom Hanks'}) WHERE p.born > 1950 RETURN p";
    expect(() => parameterizeCypher(cypher, {}, ['actor'])).toThrow(/expected 2 parameter names \(for name, born\), got 1/);
    expect(() => parameterizeCypher(cypher, {}, ['actor', 'born', 'extra'])).toThrow(CypherTemplateError);
    expect(() => parameterizeCypher(cypher, {}, ['actor', '1born'])).toThrow(/invalid parameter name "1born"/);
    expect(() => parameterizeCypher(cypher, {}, ['actor', 'born-year'])).toThrow(/invalid parameter name/);
    expect(() => parameterizeCypher(cypher, {}, ['actor', 'actor'])).toThrow(/'actor' is given twice/);
    expect(() => parameterizeCypher('MATCH (n) RETURN n', {}, ['x'])).toThrow(/expected 0 parameter names/);
    expect(parameterizeCypher('MATCH (n) RETURN n', {}, []).parameters).toEqual([]);
  });

  it('throws a clear error for text it cannot read', () => {
    expect(() => parameterizeCypher('MATCH (n) RETURN `unterminated')).toThrow(/unterminated backtick-quoted name/);
  });

  const roundTrips = [
    "MATCH (p:Person {name:'Tom Hanks'})-[:ACTED_IN]->(m) RETURN m.title",
    'match (x:Person {name: "Meg Ryan"}) -[:ACTED_IN]-> (movie)  return movie.title // hi',
    "MATCH (p:Person)-[:ACTED_IN]->(m:Movie) WHERE toLower(p.name) CONTAINS toLower('tom') AND m.released > 1990 RETURN m.title ORDER BY m.title LIMIT 10",
    "MATCH (m:Movie) WHERE m.title IN ['Top Gun', \"It's\", 'a\\nb'] AND m.rating >= -2.5 RETURN m",
    "MATCH (d:Person)-[:DIRECTED]->(m:Movie)<-[:ACTED_IN]-(a:Person {name: 'Keanu Reeves'}) WHERE m.released < 2000 AND d.name <> 'Keanu Reeves' RETURN d.name, count(m) AS n ORDER BY n DESC",
    "UNWIND [1, 2, 3] AS x WITH x WHERE x > 1 RETURN x, 'label' AS kind",
    "MATCH (m:Movie) WHERE m.tagline STARTS WITH 'The' OR m.tagline ENDS WITH '!' RETURN m.title, m['released'] SKIP 2",
  ];
  it.each(roundTrips)('round trip: %s', (cypher) => {
    const template = parameterizeCypher(cypher);
    expect(fp(template.cypher)).toBe(fp(cypher));
    const examples = Object.fromEntries(template.parameters.map((p) => [p.name, p.example]));
    const substituted = substituteParameters(template.cypher, examples);
    // The examples put back give the original query: same shape, same values at the same places.
    expect(fp(substituted)).toBe(fp(cypher));
    expect(parameterizeCypher(substituted)).toEqual(template);
    expect(substituted).not.toMatch(/\$/);
  });

  it('puts examples back as literals', () => {
    expect(substituteParameters('MATCH (p {name: $name}) WHERE p.born IN $years RETURN p, $missing', { name: "O'Hara", years: [1950, 1960] })).toBe(
      "MATCH (p {name: 'O\\'Hara'}) WHERE p.born IN [1950, 1960] RETURN p, $missing",
    );
    expect(cypherLiteral({ a: 1, 'b c': [true, null] })).toBe('{a: 1, `b c`: [true, null]}');
  });
});
