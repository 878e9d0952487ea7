import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { firstValues, plannerOnScratch } from '../support/planner.js';

/**
 * Where things of two labels each let the schema join two kinds both ways (a tool is also a
 * package, and packages depend on tools as tools depend on packages), the sentence's voice says
 * which way: the subject starts the relationship ("packages that depend on the tool 'lint'"),
 * or ends it in the passive ("packages depended on by the tool 'lint'"). Where the graph has it only the
 * other way, a subject said right before its verb is read as the object only once the person asking
 * confirms ("Which plugins load the app 'editor'?"). On an invented registry.
 */
const REGISTRY: UpsertBatch = {
  nodes: [
    { key: 't:lint', labels: ['Tool', 'Package'], properties: { name: 'lint' } },
    { key: 't:fmt', labels: ['Tool', 'Package'], properties: { name: 'fmt' } },
    { key: 'p:core', labels: ['Package'], properties: { name: 'core' } },
    { key: 'p:ui', labels: ['Package'], properties: { name: 'ui' } },
    { key: 'a:editor', labels: ['App'], properties: { name: 'editor' } },
    { key: 'x:spell', labels: ['Plugin'], properties: { name: 'spell' } },
  ],
  relationships: [
    { fromKey: 't:lint', type: 'DEPENDS_ON', toKey: 'p:ui' },
    { fromKey: 'p:core', type: 'DEPENDS_ON', toKey: 't:lint' },
    { fromKey: 't:fmt', type: 'DEPENDS_ON', toKey: 't:lint' },
    { fromKey: 'a:editor', type: 'LOADS', toKey: 'x:spell' },
  ],
};

describe('a relationship the schema allows both ways (a package registry)', () => {
  const planner = plannerOnScratch('both ways registry', REGISTRY);

  it('follows the sentence: its subject depends on its object', async () => {
    const dependents = await planner().ask("Which packages depend on the tool 'lint'?");
    expect(firstValues(dependents), dependents.cypher).toEqual(['core', 'fmt']);
    const depended = await planner().ask("Which packages does the tool 'lint' depend on?");
    expect(firstValues(depended), depended.cypher).toEqual(['ui']);
  });

  it('asks before reading a subject said before its verb as the object, when only that way is in the graph', async () => {
    const reversed = await planner().ask("Which plugins load the app 'editor'?");
    expect(reversed.reading.ok).toBe(false);
    expect(reversed.reading.ok ? [] : (reversed.reading.choices ?? []).map((c) => c.label)).toEqual([expect.stringContaining('the other way round')]);
    const fronted = await planner().ask("Which plugins does the app 'editor' load?");
    expect(firstValues(fronted), fronted.cypher).toEqual(['spell']);
  });
});
