/**
 * The query tables the guard and the adapters are tested against: attempts to write or to
 * reach outside the graph (each must be refused by the parser guard, before any engine),
 * and legitimate reads over the seed graph below (each must pass and give these rows).
 */
import type { JsonValue, UpsertBatch } from '../../../src/stores/graph/port.js';

export interface WriteAttempt {
  name: string;
  cypher: string;
}

export const WRITE_ATTEMPTS: WriteAttempt[] = [
  { name: 'CREATE', cypher: 'CREATE (n:Hacked {x: 1})' },
  { name: 'lower-case create', cypher: 'create (n:Hacked)' },
  { name: 'mixed-case CrEaTe', cypher: 'CrEaTe (n:Hacked)' },
  { name: 'CREATE a relationship', cypher: 'MATCH (a), (b) CREATE (a)-[:OWNS]->(b)' },
  { name: 'SET a property', cypher: 'MATCH (n) SET n.hacked = true' },
  { name: 'SET a label', cypher: 'MATCH (n) SET n:Hacked' },
  { name: 'DELETE', cypher: 'MATCH (n) DELETE n' },
  { name: 'DETACH DELETE', cypher: 'MATCH (n) DETACH DELETE n' },
  { name: 'DETACH DELETE across a tab and a newline', cypher: 'MATCH (n)\tDETACH\nDELETE n' },
  { name: 'REMOVE a property', cypher: 'MATCH (n) REMOVE n.name' },
  { name: 'REMOVE a label', cypher: 'MATCH (n) REMOVE n:Person' },
  { name: 'MERGE', cypher: "MERGE (n:Hacked {name: 'x'})" },
  { name: 'MERGE ... ON CREATE SET', cypher: "MERGE (n:Person {name: 'x'}) ON CREATE SET n.created = true" },
  { name: 'MERGE ... ON MATCH SET', cypher: 'MATCH (n:Person) MERGE (n)-[:OWNS]->(m:Hacked) ON MATCH SET m.x = 1' },
  { name: 'FOREACH', cypher: 'MATCH (n) FOREACH (x IN [1] | SET n.hacked = x)' },
  { name: 'SET after a CASE', cypher: "MATCH (n) WITH n, CASE WHEN n.age > 1 THEN 'a' ELSE 'b' END AS c SET n.tag = c RETURN n" },
  { name: 'write in a CALL subquery', cypher: 'MATCH (n) CALL { CREATE (m:Hacked) } RETURN n' },
  { name: 'write in a scoped CALL subquery', cypher: 'MATCH (n) CALL (n) { SET n.hacked = 1 } RETURN n' },
  { name: 'CALL ... IN TRANSACTIONS', cypher: 'UNWIND range(1, 10) AS i CALL { WITH i CREATE (:Hacked {i: i}) } IN TRANSACTIONS OF 5 ROWS' },
  { name: 'write after UNION', cypher: 'MATCH (n) RETURN n.name AS x UNION MERGE (m:Hacked) RETURN m.name AS x' },
  { name: 'INSERT (GQL)', cypher: 'INSERT (:Hacked)' },
  { name: 'LOAD CSV from a file', cypher: "LOAD CSV FROM 'file:///etc/passwd' AS line RETURN line" },
  { name: 'LOAD CSV from a URL', cypher: "LOAD CSV WITH HEADERS FROM 'http://169.254.169.254/latest/meta-data' AS row RETURN row" },
  { name: 'BEGIN', cypher: 'BEGIN' },
  { name: 'COMMIT', cypher: 'COMMIT;' },
  { name: 'ROLLBACK', cypher: 'ROLLBACK' },
  { name: 'USING PERIODIC COMMIT', cypher: "USING PERIODIC COMMIT 500 LOAD CSV FROM 'https://attacker.example/x.csv' AS l CREATE (:Hacked)" },
  { name: 'apoc.load.json', cypher: "CALL apoc.load.json('http://attacker.example/x.json') YIELD value RETURN value" },
  { name: 'apoc.load.jdbc', cypher: "CALL apoc.load.jdbc('jdbc:mysql://db/x', 'SELECT 1') YIELD row RETURN row" },
  { name: 'apoc.cypher.runWrite', cypher: "CALL apoc.cypher.runWrite('CREATE (n:Hacked)', {}) YIELD value RETURN value" },
  { name: 'apoc.cypher function', cypher: "RETURN apoc.cypher.runFirstColumnSingle('MATCH (n) DETACH DELETE n RETURN 1', {}) AS x" },
  { name: 'apoc.periodic.iterate', cypher: "CALL apoc.periodic.iterate('MATCH (n) RETURN n', 'DETACH DELETE n', {batchSize: 100})" },
  { name: 'apoc.create.node after an allowed CALL', cypher: "CALL db.labels() YIELD label CALL apoc.create.node([label], {}) YIELD node RETURN node" },
  { name: 'backtick-quoted apoc namespace', cypher: "CALL `apoc`.`load`.json('http://attacker.example') YIELD value RETURN value" },
  { name: 'backtick-quoted whole procedure name', cypher: "CALL `apoc.load.json`('http://attacker.example') YIELD value RETURN value" },
  { name: 'dbms.security.createUser', cypher: "CALL dbms.security.createUser('x', 'y', false)" },
  { name: 'dbms.killQueries', cypher: "CALL dbms.killQueries(['query-1'])" },
  { name: 'db.createLabel', cypher: "CALL db.createLabel('Hacked')" },
  { name: 'db.createLabel with spaces around the dot', cypher: "CALL db . createLabel('Hacked')" },
  { name: 'grafeo.* procedure (not allow-listed)', cypher: 'CALL grafeo.pagerank() YIELD node_id, score RETURN node_id, score' },
  { name: 'two statements, the second writes', cypher: 'MATCH (n) RETURN n; CREATE (x:Hacked)' },
  { name: 'two statements over lines', cypher: 'MATCH (n) RETURN n\n;\nCREATE (x:Hacked)' },
  { name: 'two read statements', cypher: 'MATCH (n) RETURN n; MATCH (m) RETURN m' },
  { name: 'block comment before CREATE', cypher: '/* harmless */ CREATE (n:Hacked)' },
  { name: 'line comment before CREATE', cypher: '// harmless\nCREATE (n:Hacked)' },
  { name: 'comment between MATCH and SET', cypher: 'MATCH (n) /* x */ SET n.x = 1' },
  { name: 'nested block comment hiding CREATE', cypher: 'RETURN 1 AS x /* /* */ CREATE (n:Hacked) */' },
  { name: 'escaped backslash ends the string', cypher: "RETURN 'a\\\\' AS x CREATE (n:Hacked) //'" },
  { name: 'fullwidth CREATE', cypher: 'ＣＲＥＡＴＥ (n:Hacked)' },
  { name: 'fullwidth SET after MATCH', cypher: 'MATCH (n) ＳＥＴ n.x = 1' },
  { name: 'mathematical bold CREATE', cypher: '𝐂𝐑𝐄𝐀𝐓𝐄 (n:Hacked)' },
  { name: 'zero-width joiner inside CREATE', cypher: 'CRE\u200DATE (n:Hacked)' },
  { name: 'zero-width space before CREATE', cypher: '\u200BCREATE (n:Hacked)' },
  { name: 'soft hyphen inside DELETE', cypher: 'MATCH (n) DE\u00ADLETE n' },
  { name: 'word joiner inside MERGE', cypher: 'MER\u2060GE (n:Hacked)' },
  { name: 'Cyrillic homoglyph CREATE', cypher: '\u0421REATE (n:Hacked)' },
  { name: 'Greek homoglyph in SET', cypher: 'MATCH (n) S\u0395T n.x = 1' },
  { name: 'no-break space between DETACH and DELETE', cypher: 'MATCH (n) DETACH\u00A0DELETE n' },
  { name: 'bidi override in a comment (Trojan Source)', cypher: 'MATCH (n) RETURN n /* \u202E } DELETE n { */' },
  { name: 'line separator ending a comment', cypher: "RETURN 'safe' AS s // x\u2028CREATE (n:Hacked)" },
  { name: 'lone carriage return ending a comment', cypher: 'RETURN 1 AS x // c\rCREATE (n:Hacked)' },
  { name: 'USE another database', cypher: 'USE otherdb MATCH (n) RETURN n' },
  { name: 'USE system', cypher: 'USE system SHOW USERS' },
  { name: 'SHOW USERS', cypher: 'SHOW USERS' },
  { name: 'SHOW DATABASES', cypher: 'SHOW DATABASES' },
  { name: 'CREATE INDEX', cypher: 'CREATE INDEX hacked FOR (n:Person) ON (n.name)' },
  { name: 'CREATE CONSTRAINT', cypher: 'CREATE CONSTRAINT hacked FOR (n:Person) REQUIRE n.name IS UNIQUE' },
  { name: 'DROP INDEX', cypher: 'DROP INDEX cqks_node_key' },
  { name: 'CREATE DATABASE', cypher: 'CREATE DATABASE hacked' },
  { name: 'START DATABASE', cypher: 'START DATABASE hacked' },
  { name: 'STOP DATABASE', cypher: 'STOP DATABASE neo4j' },
  { name: 'GRANT', cypher: 'GRANT ALL ON DATABASE * TO PUBLIC' },
  { name: 'DENY', cypher: 'DENY READ {*} ON GRAPH * TO reader' },
  { name: 'REVOKE', cypher: 'REVOKE ROLE admin FROM bob' },
  { name: 'ALTER USER', cypher: "ALTER USER neo4j SET PASSWORD 'owned'" },
  { name: 'TERMINATE TRANSACTIONS', cypher: "TERMINATE TRANSACTIONS 'neo4j-transaction-1'" },
  { name: 'PROFILE a write', cypher: 'PROFILE MATCH (n) SET n.x = 1' },
  { name: 'EXPLAIN prefix', cypher: 'EXPLAIN MATCH (n) RETURN n' },
  { name: 'CYPHER runtime option', cypher: 'CYPHER runtime=interpreted CREATE (n:Hacked)' },
  { name: 'injection-style tail', cypher: "MATCH (n) WHERE n.name = 'x' OR 1 = 1 WITH n DETACH DELETE n" },
  { name: 'backtick-quoted variables around CREATE', cypher: 'MATCH (`n`) CREATE (`m`:Hacked)' },
];

export interface LegitRead {
  name: string;
  cypher: string;
  params?: Record<string, JsonValue>;
  /** The expected rows, in order; or a check of the rows. */
  rows: Record<string, JsonValue>[] | ((rows: Record<string, JsonValue>[]) => void);
}

/** The small graph every legit read runs against (written by `upsert` with provenance `seed`). */
export const SEED: UpsertBatch = {
  nodes: [
    { key: 'person:alice', labels: ['Person'], properties: { name: 'Alice Smith', age: 30, set: 'blue' } },
    { key: 'person:bob', labels: ['Person'], properties: { name: 'Bob Jones', age: 25 } },
    { key: 'person:carol', labels: ['Person'], properties: { name: 'Carol White', age: 35 } },
    { key: 'org:acme', labels: ['Organization'], properties: { name: 'Acme Corp' } },
    { key: 'org:globex', labels: ['Organization'], properties: { name: 'Globex', aliases: ['Globex Corporation'] } },
    { key: 'city:zurich', labels: ['City'], properties: { name: 'Zürich' } },
  ],
  relationships: [
    { fromKey: 'person:alice', type: 'KNOWS', toKey: 'person:bob', properties: { since: 2020 } },
    { fromKey: 'person:bob', type: 'KNOWS', toKey: 'person:carol', properties: { since: 2021 } },
    { fromKey: 'person:alice', type: 'WORKS_AT', toKey: 'org:acme' },
    { fromKey: 'person:bob', type: 'WORKS_AT', toKey: 'org:acme' },
    { fromKey: 'person:carol', type: 'WORKS_AT', toKey: 'org:globex' },
    { fromKey: 'org:acme', type: 'LOCATED_IN', toKey: 'city:zurich' },
  ],
};

const sortedBy = (key: string) => (rows: Record<string, JsonValue>[]) => [...rows].sort((a, b) => String(a[key]).localeCompare(String(b[key])));

export const LEGIT_READS: LegitRead[] = [
  { name: 'count', cypher: 'MATCH (p:Person) RETURN count(p) AS n', rows: [{ n: 3 }] },
  { name: 'lower-case keywords', cypher: 'match (p:Person) return count(p) as n', rows: [{ n: 3 }] },
  { name: 'trailing semicolon', cypher: 'MATCH (p:Person) RETURN count(p) AS n;', rows: [{ n: 3 }] },
  {
    name: 'ORDER BY',
    cypher: 'MATCH (p:Person) RETURN p.name AS name ORDER BY name',
    rows: [{ name: 'Alice Smith' }, { name: 'Bob Jones' }, { name: 'Carol White' }],
  },
  { name: 'ORDER BY DESC, SKIP and LIMIT', cypher: 'MATCH (p:Person) RETURN p.name AS name ORDER BY p.age DESC SKIP 1 LIMIT 1', rows: [{ name: 'Alice Smith' }] },
  {
    name: 'aggregation per group',
    cypher: 'MATCH (p:Person)-[:WORKS_AT]->(o:Organization) RETURN o.name AS org, count(p) AS staff ORDER BY org',
    rows: [
      { org: 'Acme Corp', staff: 2 },
      { org: 'Globex', staff: 1 },
    ],
  },
  {
    name: 'variable-length path',
    cypher: "MATCH (a:Person {name: 'Alice Smith'})-[:KNOWS*1..2]->(b) RETURN b.name AS name ORDER BY name",
    rows: [{ name: 'Bob Jones' }, { name: 'Carol White' }],
  },
  {
    name: 'shortestPath',
    cypher: "MATCH p = shortestPath((a:Person {name: 'Alice Smith'})-[*]-(c:City)) RETURN length(p) AS hops",
    rows: [{ hops: 2 }],
  },
  {
    name: 'OPTIONAL MATCH',
    cypher: 'MATCH (p:Person) OPTIONAL MATCH (p)-[:KNOWS]->(f) RETURN p.name AS name, f.name AS friend ORDER BY name',
    rows: [
      { name: 'Alice Smith', friend: 'Bob Jones' },
      { name: 'Bob Jones', friend: 'Carol White' },
      { name: 'Carol White', friend: null },
    ],
  },
  { name: 'UNWIND', cypher: 'UNWIND [3, 1, 2] AS x RETURN x ORDER BY x', rows: [{ x: 1 }, { x: 2 }, { x: 3 }] },
  {
    name: 'CASE',
    cypher: "MATCH (p:Person) RETURN p.name AS name, CASE WHEN p.age >= 30 THEN 'senior' ELSE 'junior' END AS band ORDER BY name",
    rows: [
      { name: 'Alice Smith', band: 'senior' },
      { name: 'Bob Jones', band: 'junior' },
      { name: 'Carol White', band: 'senior' },
    ],
  },
  { name: 'WITH ... WHERE', cypher: 'MATCH (p:Person) WITH p.age AS age WHERE age > 26 RETURN sum(age) AS total', rows: [{ total: 65 }] },
  { name: 'a parameter', cypher: 'MATCH (p:Person) WHERE p.name = $name RETURN p.age AS age', params: { name: 'Bob Jones' }, rows: [{ age: 25 }] },
  {
    name: 'a list parameter and LIMIT from a parameter',
    cypher: 'MATCH (p:Person) WHERE p.name IN $names RETURN p.name AS name ORDER BY name LIMIT $limit',
    params: { names: ['Alice Smith', 'Carol White', 'Nobody'], limit: 1 },
    rows: [{ name: 'Alice Smith' }],
  },
  {
    name: 'string literal containing CREATE and DELETE',
    cypher: "MATCH (p:Person) WHERE p.name <> 'CREATE (x) DETACH DELETE x' RETURN count(p) AS n",
    rows: [{ n: 3 }],
  },
  { name: 'double-quoted string with writing words', cypher: 'RETURN "MERGE; SET; LOAD CSV" AS s', rows: [{ s: 'MERGE; SET; LOAD CSV' }] },
  { name: 'escaped quote inside a string', cypher: "RETURN 'it\\'s CREATE' AS s", rows: [{ s: "it's CREATE" }] },
  { name: 'comments containing writing words', cypher: 'MATCH (p:Person) // CREATE (x)\nRETURN count(p) AS n /* DETACH DELETE p */', rows: [{ n: 3 }] },
  { name: 'a property named set (backtick-quoted for Grafeo)', cypher: "MATCH (p:Person {name: 'Alice Smith'}) RETURN p.`set` AS s", rows: [{ s: 'blue' }] },
  { name: 'a label named like a keyword', cypher: 'MATCH (n:`Set`) RETURN count(n) AS n', rows: [{ n: 0 }] },
  { name: 'columns named begin and commit (a graph’s own words, not transaction control)', cypher: "MATCH (p:Person {name: 'Alice Smith'}) RETURN p.name AS begin, 1 AS commit ORDER BY begin", rows: [{ begin: 'Alice Smith', commit: 1 }] },
  {
    name: 'db.labels()',
    cypher: 'CALL db.labels() YIELD label RETURN label ORDER BY label',
    rows: [{ label: 'City' }, { label: 'Organization' }, { label: 'Person' }, { label: '_CqksEntity' }],
  },
  {
    name: 'db.relationshipTypes()',
    cypher: 'CALL db.relationshipTypes() YIELD relationshipType RETURN relationshipType ORDER BY relationshipType',
    rows: [{ relationshipType: 'KNOWS' }, { relationshipType: 'LOCATED_IN' }, { relationshipType: 'WORKS_AT' }],
  },
  { name: 'map projection', cypher: "MATCH (p:Person {name: 'Bob Jones'}) RETURN p {.name, .age} AS person", rows: [{ person: { name: 'Bob Jones', age: 25 } }] },
  { name: 'list comprehension', cypher: 'RETURN [x IN range(1, 5) WHERE x % 2 = 1 | x * 10] AS odds', rows: [{ odds: [10, 30, 50] }] },
  {
    name: 'EXISTS subquery',
    cypher: "MATCH (p:Person) WHERE EXISTS { MATCH (p)-[:WORKS_AT]->(:Organization {name: 'Globex'}) } RETURN p.name AS name",
    rows: [{ name: 'Carol White' }],
  },
  {
    name: 'COUNT subquery',
    cypher: 'MATCH (o:Organization) RETURN o.name AS org, COUNT { (o)<-[:WORKS_AT]-() } AS staff ORDER BY org',
    rows: [
      { org: 'Acme Corp', staff: 2 },
      { org: 'Globex', staff: 1 },
    ],
  },
  {
    // As the planner counts "every": against how many things of a label (with conditions) the graph has.
    name: 'COUNT subquery of a whole label after an aggregation',
    cypher: 'MATCH (o:Organization)<-[:WORKS_AT]-(p:Person) WITH o, count(DISTINCT p) AS c WHERE c + 1 = COUNT { (x:Person) WHERE x.age > 20 } RETURN o.name AS org',
    rows: [{ org: 'Acme Corp' }],
  },
  {
    name: 'read-only CALL subquery',
    cypher: 'MATCH (p:Person) CALL (p) { MATCH (p)-[:WORKS_AT]->(o) RETURN o.name AS org } RETURN p.name AS name, org ORDER BY name',
    rows: [
      { name: 'Alice Smith', org: 'Acme Corp' },
      { name: 'Bob Jones', org: 'Acme Corp' },
      { name: 'Carol White', org: 'Globex' },
    ],
  },
  {
    name: 'UNION',
    cypher: 'MATCH (p:Person) RETURN p.name AS name UNION MATCH (o:Organization) RETURN o.name AS name',
    rows: (rows) => {
      if (JSON.stringify(sortedBy('name')(rows)) !== JSON.stringify(['Acme Corp', 'Alice Smith', 'Bob Jones', 'Carol White', 'Globex'].map((name) => ({ name })))) {
        throw new Error(`unexpected UNION rows ${JSON.stringify(rows)}`);
      }
    },
  },
  { name: 'regular expression', cypher: "MATCH (p:Person) WHERE p.name =~ 'C.*' RETURN p.name AS name", rows: [{ name: 'Carol White' }] },
  {
    name: 'built-in functions',
    cypher: "RETURN toLower('ABC') AS l, size('abcd') AS s, coalesce(null, 'x') AS c, toUpper(trim('  y ')) AS t",
    rows: [{ l: 'abc', s: 4, c: 'x', t: 'Y' }],
  },
  { name: 'DISTINCT', cypher: 'MATCH (p:Person)-[:WORKS_AT]->(o) RETURN DISTINCT o.name AS org ORDER BY org', rows: [{ org: 'Acme Corp' }, { org: 'Globex' }] },
  {
    // The planner's "the organizations of the 2 oldest people": the ranked things first, then what they are joined to.
    name: 'WITH DISTINCT … ORDER BY … LIMIT, then the same pattern again, grouped',
    cypher:
      'MATCH (n1:Person)-[r0:WORKS_AT]->(n0:Organization) WHERE n1.age IS NOT NULL WITH DISTINCT n1 ORDER BY n1.age DESC, n1.name LIMIT 2 ' +
      'MATCH (n1:Person)-[r0:WORKS_AT]->(n0:Organization) WITH n0, max(n1.age) AS age RETURN n0.name AS name, age ORDER BY age DESC, name LIMIT 1000',
    rows: [
      { name: 'Globex', age: 35 },
      { name: 'Acme Corp', age: 30 },
    ],
  },
  {
    // The planner's "people who know or work at …": any one of several types.
    name: 'a relationship of any one of several types',
    cypher: 'MATCH (a:Person)-[r:KNOWS|WORKS_AT]->(x) RETURN a.name AS name, count(x) AS n ORDER BY name',
    rows: [
      { name: 'Alice Smith', n: 2 },
      { name: 'Bob Jones', n: 2 },
      { name: 'Carol White', n: 1 },
    ],
  },
  // The planner's conditions on a list property: one of its items, never the list's text ("roles containing 'Neo'", "a role listed as 'Hero'").
  {
    name: 'a list with an item containing a text',
    cypher: "MATCH (o:Organization) WHERE any(item IN o.aliases WHERE toLower(toString(item)) CONTAINS toLower('CORP')) RETURN o.name AS name",
    rows: [{ name: 'Globex' }],
  },
  { name: 'a list holding an item', cypher: "MATCH (o:Organization) WHERE 'Globex Corporation' IN o.aliases RETURN o.name AS name", rows: [{ name: 'Globex' }] },
  // "people who did not … or …" (the first type joins no person to a person).
  { name: 'a relationship of any one of several types, denied', cypher: 'MATCH (p:Person) WHERE NOT (p)-[:LOCATED_IN|KNOWS]->(:Person) RETURN p.name AS name', rows: [{ name: 'Carol White' }] },
  { name: 'a temporal value as ISO text', cypher: "RETURN date('2024-03-05') AS d", rows: [{ d: '2024-03-05' }] },
  { name: 'bookkeeping read explicitly', cypher: "MATCH (p:Person {name: 'Alice Smith'}) RETURN p._provenance AS prov, p._key AS key", rows: [{ prov: ['seed'], key: 'person:alice' }] },
  { name: 'non-ASCII inside a string literal', cypher: "RETURN 'Zürich — 東京 ＣＲＥＡＴＥ' AS s", rows: [{ s: 'Zürich — 東京 ＣＲＥＡＴＥ' }] },
  { name: 'non-ASCII inside a backtick-quoted name', cypher: "MATCH (c:City) RETURN c.name AS `nom de la ville`", rows: [{ 'nom de la ville': 'Zürich' }] },
  {
    name: 'a path',
    cypher: "MATCH p = (:Person {name: 'Alice Smith'})-[:WORKS_AT]->(:Organization) RETURN p",
    rows: (rows) => {
      const p = rows[0]?.p as { nodes: { key: string }[]; relationships: { type: string; start: string; end: string }[] };
      const [a, b] = p.nodes;
      if (p.nodes.length !== 2 || a?.key !== 'person:alice' || b?.key !== 'org:acme') throw new Error(`unexpected path ${JSON.stringify(p)}`);
      const [r] = p.relationships;
      if (p.relationships.length !== 1 || r?.type !== 'WORKS_AT') throw new Error(`unexpected path ${JSON.stringify(p)}`);
    },
  },
];

/** Reads the guard must pass although some engine may not run them as written (Grafeo does not take keywords as names). */
export const GUARD_ONLY_READS: string[] = [
  'MATCH (n) RETURN n.set AS s',
  'MATCH (n) RETURN n.SET, n.delete, n.create AS c',
  'MATCH (n) RETURN n {.set, .merge} AS m',
  'RETURN {set: 1, create: 2, delete: 3} AS m',
  'MATCH (n:Set)-[:DELETE]->(m:Create) RETURN n',
  "RETURN date.truncate('month', date('2024-03-05')) AS d",
  'RETURN duration.between(date(), date()) AS d',
  'CALL db.schema.visualization()',
  'CALL db.propertyKeys() YIELD propertyKey RETURN propertyKey',
  'MATCH (start)-[*]->(stop) RETURN start, stop',
  'MATCH (n) WHERE n.name STARTS WITH $prefix RETURN n',
  'MATCH (n) RETURN n // trailing comment',
  'MATCH (n) RETURN n; // a trailing comment after the semicolon',
  'RETURN 0x1F AS h, 1.5e3 AS f, .5 AS g',
  'RETURN $`odd param` AS p',
  'MATCH (n) RETURN count(*) AS c, collect(n)[0..2] AS firstTwo',
];
