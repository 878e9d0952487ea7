import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PROVENANCE, demoGraph } from '../../src/demo/graph.js';
import { DEMO_TEMPLATES } from '../../src/demo/templates.js';
import { parameterizeCypher } from '../../src/cypher/parameterize.js';
import { DEFAULT_ALLOWED_PROCEDURES } from '../../src/cypher/guard.js';
import { openGraphStore } from '../../src/stores/graph/index.js';
import type { GraphStore, JsonValue, ReadResult } from '../../src/stores/graph/port.js';
import { AMBIGUOUS_QUESTIONS, DEMO_QUESTIONS, type DemoQuestion } from '../support/demo-questions.js';

const LABELS = ['Person', 'Company', 'City', 'Country', 'Project', 'Technology', 'Paper'];
const TYPES = ['WORKS_AT', 'LIVES_IN', 'LOCATED_IN', 'FOUNDED', 'MANAGES', 'CONTRIBUTES_TO', 'MAINTAINS', 'USES', 'AUTHORED', 'CITES'];
const KINDS: DemoQuestion['kind'][] = ['lookup', 'list', 'count', 'aggregate', 'path', 'property'];
const AMBIGUOUS_NAMES = ['Alex Kim', 'Jordan Lee', 'Mercury'];

const firstColumn = (result: ReadResult): JsonValue[] => result.rows.map((row) => row[result.columns[0] ?? ''] ?? null);
const sorted = (values: JsonValue[]) => [...values].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

describe('the demo graph', () => {
  let dir: string;
  let graph: GraphStore;
  let firstWrite: { nodes: number; relationships: number };

  const read = (cypher: string) => graph.runReadOnly(cypher, {}, { maxRows: 10_000 });
  /** Everything the demo wrote, in a stable order. */
  const dump = async () => {
    const nodes = await read('MATCH (n) RETURN n._key AS key, labels(n) AS labels, properties(n) AS props ORDER BY key');
    const rels = await read('MATCH (a)-[r]->(b) RETURN a._key AS a, type(r) AS type, b._key AS b, properties(r) AS props ORDER BY a, type, b');
    return JSON.stringify({ nodes: nodes.rows, rels: rels.rows });
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'cqks-demo-'));
    graph = await openGraphStore({ dataDir: dir, queryTimeoutMs: 10_000, maxRows: 1_000, allowedProcedures: [...DEFAULT_ALLOWED_PROCEDURES] });
    firstWrite = await graph.upsert(demoGraph(), DEMO_PROVENANCE);
  });
  afterAll(async () => {
    await graph?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  describe('data', () => {
    it('is deterministic: the same batch on every call', () => {
      expect(JSON.stringify(demoGraph())).toBe(JSON.stringify(demoGraph()));
    });

    it('has between 250 and 450 nodes, one domain label each, every node with a name and a unique key', async () => {
      const batch = demoGraph();
      expect(batch.nodes.length).toBeGreaterThanOrEqual(250);
      expect(batch.nodes.length).toBeLessThanOrEqual(450);
      expect(new Set(batch.nodes.map((n) => n.key)).size).toBe(batch.nodes.length);
      for (const n of batch.nodes) {
        expect(n.labels).toHaveLength(1);
        expect(LABELS).toContain(n.labels[0]);
        expect(typeof n.properties?.name).toBe('string');
        expect(n.properties).not.toHaveProperty('title');
      }
      expect(firstWrite.nodes).toBe(batch.nodes.length);
      const count = await read('MATCH (n:_CqksEntity) RETURN count(n) AS n');
      expect(count.rows).toEqual([{ n: batch.nodes.length }]);
    });

    it('uses every label and relationship type, between the labels the schema names', async () => {
      const schema = await graph.introspect();
      const labels = schema.labels.map((l) => l.label);
      for (const label of LABELS) expect(labels).toContain(label);
      expect(schema.relationshipTypes.map((t) => t.type).sort()).toEqual([...TYPES].sort());
      const patterns = Object.fromEntries(
        schema.relationshipTypes.map((t) => [t.type, t.patterns.map((p) => `${p.from}->${p.to}`).sort()]),
      );
      expect(patterns).toEqual({
        WORKS_AT: ['Person->Company'],
        LIVES_IN: ['Person->City'],
        LOCATED_IN: ['City->Country', 'Company->City'],
        FOUNDED: ['Person->Company'],
        MANAGES: ['Person->Person'],
        CONTRIBUTES_TO: ['Person->Project'],
        MAINTAINS: ['Company->Project'],
        USES: ['Project->Technology'],
        AUTHORED: ['Person->Paper'],
        CITES: ['Paper->Paper'],
      });
      const worksAt = schema.relationshipTypes.find((t) => t.type === 'WORKS_AT');
      expect(worksAt?.properties.sort()).toEqual(['role', 'since']);
      for (const key of ['born', 'email', 'founded', 'employees', 'industry', 'population', 'code', 'stars', 'released', 'license', 'kind', 'year', 'venue']) {
        expect(schema.propertyKeys).toContain(key);
      }
      expect(schema.propertyKeys).not.toContain('title');
    });

    it('is connected', async () => {
      const keys = firstColumn(await read('MATCH (n:_CqksEntity) RETURN n._key AS key')) as string[];
      const edges = await read('MATCH (a)-[]->(b) RETURN a._key AS a, b._key AS b');
      const neighbours = new Map<string, string[]>(keys.map((k) => [k, []]));
      for (const { a, b } of edges.rows as { a: string; b: string }[]) {
        neighbours.get(a)?.push(b);
        neighbours.get(b)?.push(a);
      }
      const reached = new Set([keys[0] ?? '']);
      const queue = [...reached];
      for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
        for (const next of neighbours.get(key) ?? []) {
          if (!reached.has(next)) {
            reached.add(next);
            queue.push(next);
          }
        }
      }
      expect(reached.size).toBe(keys.length);
    });

    it('has people with no MANAGES edge and people with no employer', async () => {
      const unmanaged = await read('MATCH (p:Person) WHERE NOT EXISTS { MATCH (p)-[:MANAGES]-() } RETURN count(p) AS n');
      expect(unmanaged.rows[0]?.n).toBeGreaterThan(0);
      const jobless = await read('MATCH (p:Person) WHERE NOT EXISTS { MATCH (p)-[:WORKS_AT]->() } RETURN count(p) AS n');
      expect(jobless.rows[0]?.n).toBeGreaterThan(0);
    });

    it('has two different people named Alex Kim and two named Jordan Lee', async () => {
      for (const name of ['Alex Kim', 'Jordan Lee']) {
        const people = await read(
          `MATCH (p:Person {name: '${name}'})-[:LIVES_IN]->(c:City) MATCH (p)-[:WORKS_AT]->(w:Company) ` +
            'RETURN p._key AS key, p.born AS born, c.name AS city, w.name AS employer ORDER BY key',
        );
        expect(people.rows).toHaveLength(2);
        const [a, b] = people.rows;
        expect(a?.key).not.toBe(b?.key);
        expect(a?.born).not.toBe(b?.born);
        expect(a?.city).not.toBe(b?.city);
        expect(a?.employer).not.toBe(b?.employer);
      }
    });

    it('names a Company and a Project Mercury', async () => {
      const mercury = await read("MATCH (n:_CqksEntity {name: 'Mercury'}) RETURN n._key AS key, [l IN labels(n) WHERE l <> '_CqksEntity'] AS labels ORDER BY key");
      expect(mercury.rows).toEqual([
        { key: 'company:mercury', labels: ['Company'] },
        { key: 'project:mercury', labels: ['Project'] },
      ]);
    });

    it('has no other name twice', async () => {
      const twice = await read('MATCH (n:_CqksEntity) WITH n.name AS name, count(n) AS n WHERE n > 1 RETURN name ORDER BY name');
      expect(firstColumn(twice)).toEqual(['Alex Kim', 'Jordan Lee', 'Mercury']);
    });

    it('findNodesByName finds both Alex Kims (and both Mercurys)', async () => {
      const alex = await graph.findNodesByName('Alex Kim', { labels: ['Person'] });
      expect(alex.filter((m) => m.node.properties.name === 'Alex Kim').map((m) => m.node.key).sort()).toEqual(['person:alex-kim-1', 'person:alex-kim-2']);
      const mercury = await graph.findNodesByName('Mercury');
      expect(mercury.filter((m) => m.node.properties.name === 'Mercury').map((m) => m.node.key).sort()).toEqual(['company:mercury', 'project:mercury']);
    });

    it('writing the batch again changes nothing', async () => {
      const before = await dump();
      await graph.upsert(demoGraph(), DEMO_PROVENANCE);
      expect(await dump()).toBe(before);
    });
  });

  describe('templates', () => {
    it('has six', () => {
      expect(DEMO_TEMPLATES).toHaveLength(6);
    });

    it.each(DEMO_TEMPLATES)('$question: its literal values are in the question', ({ question, cypher }) => {
      const { parameters } = parameterizeCypher(cypher);
      expect(parameters.length).toBeGreaterThan(0);
      for (const p of parameters) expect(question).toContain(String(p.example));
    });

    it.each(DEMO_TEMPLATES)('$question: runs read-only and answers', async ({ cypher }) => {
      const result = await graph.runReadOnly(cypher);
      expect(result.queryType).toBe('r');
      expect(result.rows.length).toBeGreaterThan(0);
    });
  });

  describe('questions', () => {
    it('at least 50, at least 6 of each kind, none asked twice, none about the ambiguous names', () => {
      expect(DEMO_QUESTIONS.length).toBeGreaterThanOrEqual(50);
      for (const kind of KINDS) expect(DEMO_QUESTIONS.filter((q) => q.kind === kind).length, kind).toBeGreaterThanOrEqual(6);
      expect(new Set(DEMO_QUESTIONS.map((q) => q.question)).size).toBe(DEMO_QUESTIONS.length);
      for (const q of DEMO_QUESTIONS) {
        for (const name of AMBIGUOUS_NAMES) {
          expect(q.question).not.toContain(name);
          expect(JSON.stringify(q.expected)).not.toContain(name);
        }
      }
    });

    it('the answer has the shape of its kind', () => {
      for (const q of DEMO_QUESTIONS) {
        const shape = Object.keys(q.expected)[0];
        const want = q.kind === 'list' ? 'values' : q.kind === 'path' ? 'path' : 'value';
        expect(shape, q.question).toBe(want);
      }
    });

    it.each(DEMO_QUESTIONS)('$kind: $question', async ({ verify, expected }) => {
      const result = await graph.runReadOnly(verify);
      expect(result.truncated).toBe(false);
      if ('values' in expected) {
        expect(sorted(firstColumn(result))).toEqual(sorted(expected.values));
      } else if ('value' in expected) {
        expect(result.rows).toHaveLength(1);
        expect(firstColumn(result)[0]).toEqual(expected.value);
      } else {
        // One row per shortest path: exactly one means the path is unique.
        expect(result.rows).toHaveLength(1);
        expect(firstColumn(result)[0]).toEqual(expected.path);
      }
    });

    it.each(AMBIGUOUS_QUESTIONS)('ambiguous: $question', async ({ question, name, options, candidates }) => {
      expect(question).toContain(name);
      expect(candidates).toHaveLength(options);
      const nodes = await read(`MATCH (n:_CqksEntity {name: '${name}'}) RETURN n._key AS key, [l IN labels(n) WHERE l <> '_CqksEntity'][0] AS label ORDER BY key`);
      expect(nodes.rows).toEqual(candidates.map(({ key, label }) => ({ key, label })).sort((a, b) => a.key.localeCompare(b.key)));
    });
  });
});
