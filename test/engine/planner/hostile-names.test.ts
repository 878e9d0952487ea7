import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plan } from '../../../src/engine/planner/plan.js';
import { resolveMentions } from '../../../src/engine/planner/resolve.js';
import { understand } from '../../../src/engine/planner/understand.js';
import { buildVocabulary } from '../../../src/engine/planner/vocabulary.js';
import type { Vocabulary } from '../../../src/engine/planner/vocabulary.js';
import { openGraphStore } from '../../../src/stores/graph/index.js';
import type { GraphStore } from '../../../src/stores/graph/port.js';

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
  let vocabulary: Vocabulary;

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
    vocabulary = buildVocabulary(await graph.introspect());
  });
  afterAll(async () => {
    await graph.close();
    await rm(dir, { recursive: true, force: true });
  });

  it.each(HOSTILE.map((name, i) => [name, i] as const))('looks up %j as a value', async (name, i) => {
    const understanding = understand(name.includes('"') ? `Who works at “${name}”?` : `Who works at "${name}"?`);
    expect(understanding.mentions.map((m) => m.text)).toEqual([name.trim()]);
    const resolution = await resolveMentions(graph, understanding, vocabulary, { choices: [], focus: [] });
    expect(resolution.status).toBe('resolved');
    if (resolution.status !== 'resolved') return;
    const planned = plan(understanding, vocabulary, resolution.entities);
    expect(planned.ok).toBe(true);
    if (!planned.ok) return;
    const result = await graph.runReadOnly(planned.cypher);
    expect(result.rows, planned.cypher).toEqual([{ name: `Worker Number${i}` }]);
  });

  it('the graph is untouched', async () => {
    const { rows } = await graph.runReadOnly('MATCH (n) RETURN count(n) AS n');
    expect(rows[0]).toEqual({ n: HOSTILE.length * 2 });
  });
});
