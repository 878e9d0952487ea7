import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLexicon } from '../../../src/engine/planner/lexicon.js';
import { understand } from '../../../src/engine/planner/understand.js';
import { profileValues } from '../../../src/engine/planner/value-profile.js';
import { openGraphStore } from '../../../src/stores/graph/index.js';
import type { GraphStore } from '../../../src/stores/graph/port.js';
import { plannerOn } from '../../support/planner.js';

/**
 * Names in the graph are data, whatever they contain: the planner writes them into Cypher
 * as escaped literals, so a name that looks like Cypher is looked up, never run.
 */
const HOSTILE = [
  "O'Brien & Sons",
  'Back\\slash Works',
  'Quote"d Studio',
  'Tick`Tock Labs',
  "Evil') MATCH (n) DETACH DELETE n //",
  'Line\nBreak Inc',
  '\\u0027 Escape Co',
];

describe('planner with hostile names', () => {
  let graph: GraphStore;
  let dir: string;
  let planner: Awaited<ReturnType<typeof plannerOn>>;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'cqks-hostile-'));
    graph = await openGraphStore({ dataDir: dir, queryTimeoutMs: 5000, maxRows: 1000, allowedProcedures: [] });
    await graph.upsert(
      {
        nodes: [
          ...HOSTILE.map((name, i) => ({ key: `company:${i}`, labels: ['Company'], properties: { name } })),
          ...HOSTILE.map((_, i) => ({ key: `person:${i}`, labels: ['Person'], properties: { name: `Worker Number${i}` } })),
        ],
        relationships: HOSTILE.map((_, i) => ({ fromKey: `person:${i}`, type: 'WORKS_AT', toKey: `company:${i}` })),
      },
      'test:hostile',
    );
    planner = await plannerOn(graph);
  });
  afterAll(async () => {
    await graph.close();
    await rm(dir, { recursive: true, force: true });
  });

  it.each(HOSTILE.map((name, i) => [name, i] as const))('looks up %j as a value', async (name, i) => {
    const question = name.includes('"') ? `Who works at “${name}”?` : `Who works at "${name}"?`;
    const schema = await graph.introspect();
    expect(understand(question, buildLexicon(schema, await profileValues(graph, schema))).mentions.map((m) => m.text)).toEqual([name.trim()]);
    const answer = await planner.ask(question);
    expect(answer.reading.ok, answer.reading.ok ? '' : answer.reading.reason).toBe(true);
    expect(answer.rows, answer.cypher).toEqual([{ name: `Worker Number${i}` }]);
  });

  it('the graph is untouched', async () => {
    const { rows } = await graph.runReadOnly('MATCH (n) RETURN count(n) AS n');
    expect(rows[0]).toEqual({ n: HOSTILE.length * 2 });
  });
});
