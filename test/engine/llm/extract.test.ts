import { describe, expect, it } from 'vitest';
import { extractCypher } from '../../../src/engine/llm/extract.js';

const Q = 'MATCH (p:Person)-[:ACTED_IN]->(m:Movie)\nWHERE m.title = \'Heat\'\nRETURN p.name AS name';

describe('extractCypher', () => {
  it.each([
    ['a bare query', Q],
    ['a cypher fence', `\`\`\`cypher\n${Q}\n\`\`\``],
    ['a Cypher fence in capitals', `\`\`\`Cypher\n${Q}\n\`\`\``],
    ['a fence with a space before the tag', `\`\`\` cypher\n${Q}\n\`\`\``],
    ['a plain fence', `\`\`\`\n${Q}\n\`\`\``],
    ['a four-backtick fence', `\`\`\`\`cypher\n${Q}\n\`\`\`\``],
    ['a tilde fence', `~~~cypher\n${Q}\n~~~`],
    ['prose before and after', `Here is the query you asked for:\n\n\`\`\`cypher\n${Q}\n\`\`\`\n\nIt finds every actor of Heat.`],
    ['CRLF line ends', `Sure.\r\n\`\`\`cypher\r\n${Q.replace(/\n/g, '\r\n')}\r\n\`\`\`\r\n`],
    ['a "Cypher:" label', `Cypher: ${Q}`],
    ['a "Query:" label on its own line', `Query:\n${Q}`],
    ['a bold label', `**Cypher query:**\n${Q}`],
    ['a label inside the fence', `\`\`\`cypher\nQuery: ${Q}\n\`\`\``],
    ['an intro line without fence', `Here is the query:\n${Q}`],
    ['an unterminated fence (answer cut short)', `\`\`\`cypher\n${Q}\n`],
    ['indented fences', `  \`\`\`cypher\n${Q}\n  \`\`\``],
    ['the fence opening mid-line', `The query: \`\`\`cypher\n${Q}\n\`\`\``],
  ])('finds the query in %s', (_name, text) => {
    expect(extractCypher(text)).toBe(Q);
  });

  it('prefers the first cypher block over earlier blocks of other languages', () => {
    const text = `First the idea in SQL:\n\`\`\`sql\nSELECT name FROM people\n\`\`\`\nThen Cypher:\n\`\`\`cypher\n${Q}\n\`\`\`\nOr:\n\`\`\`cypher\nMATCH (n) RETURN n AS n\n\`\`\``;
    expect(extractCypher(text)).toBe(Q);
  });

  it('takes the first of several cypher blocks', () => {
    const text = `\`\`\`cypher\n${Q}\n\`\`\`\nAlternatively:\n\`\`\`cypher\nMATCH (n) RETURN count(n) AS n\n\`\`\``;
    expect(extractCypher(text)).toBe(Q);
  });

  it('prefers an untagged block over one tagged with another language', () => {
    const text = `\`\`\`json\n{"a": 1}\n\`\`\`\n\`\`\`\n${Q}\n\`\`\``;
    expect(extractCypher(text)).toBe(Q);
  });

  it('falls back to a block of another language when there is no better one', () => {
    expect(extractCypher(`\`\`\`sql\n${Q}\n\`\`\``)).toBe(Q);
  });

  it('skips an empty cypher block', () => {
    expect(extractCypher(`\`\`\`cypher\n\`\`\`\n\`\`\`cypher\n${Q}\n\`\`\``)).toBe(Q);
  });

  it('reads one-line fenced and inline answers', () => {
    expect(extractCypher('```cypher MATCH (n:Movie) RETURN n.title AS title```')).toBe('MATCH (n:Movie) RETURN n.title AS title');
    expect(extractCypher('```MATCH (n:Movie) RETURN n.title AS title```')).toBe('MATCH (n:Movie) RETURN n.title AS title');
    expect(extractCypher('`MATCH (n:Movie) RETURN n.title AS title`')).toBe('MATCH (n:Movie) RETURN n.title AS title');
  });

  it('keeps backtick-quoted names inside the query', () => {
    const q = 'MATCH (n:`Movie Title`) RETURN n.`release year` AS year';
    expect(extractCypher(q)).toBe(q);
    expect(extractCypher(`\`\`\`cypher\n${q}\n\`\`\``)).toBe(q);
  });

  it('turns lone carriage returns into line feeds', () => {
    expect(extractCypher('MATCH (n)\rRETURN n AS n')).toBe('MATCH (n)\nRETURN n AS n');
  });

  it('keeps the text as text: no evaluation, string content untouched', () => {
    const q = "MATCH (n) WHERE n.name = '${process.exit(1)}' RETURN n AS n";
    expect(extractCypher(q)).toBe(q);
  });

  it.each([
    ['an empty answer', ''],
    ['whitespace', '  \n\t \r\n'],
    ['an empty fence', '```cypher\n```'],
    ['an empty unterminated fence', '```cypher\n'],
    ['a bare label', 'Cypher:'],
  ])('rejects %s', (_name, text) => {
    expect(extractCypher(text)).toBeUndefined();
  });

  it('rejects a query longer than maxChars', () => {
    expect(extractCypher(`\`\`\`cypher\n${Q}\n\`\`\``, Q.length)).toBe(Q);
    expect(extractCypher(`\`\`\`cypher\n${Q}\n\`\`\``, Q.length - 1)).toBeUndefined();
    expect(extractCypher(`RETURN '${'x'.repeat(20_000)}' AS x`)).toBeUndefined();
  });

  it('returns prose unchanged when there is no query to find (the validator rejects it)', () => {
    expect(extractCypher('I cannot answer that question.')).toBe('I cannot answer that question.');
  });

  it('stays fast on long pathological input', () => {
    const started = performance.now();
    extractCypher(`${'a '.repeat(50_000)}:`);
    extractCypher('`'.repeat(30_000));
    extractCypher(`Query${' '.repeat(50_000)}x`);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
