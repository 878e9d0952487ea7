import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../../src/stores/graph/port.js';
import { firstValues, plannerOnScratch } from '../../support/planner.js';

/**
 * Where things of two labels each let the schema join two kinds both ways (a tool is also a
 * package, and packages depend on tools as tools depend on packages), the sentence's voice says
 * which way: the subject starts the relationship ("packages that depend on the tool 'lint'"),
 * or ends it in the passive ("packages depended on by the tool 'lint'"). On an invented registry.
 */
const REGISTRY: UpsertBatch = {
  nodes: [
    { key: 't:lint', labels: ['Tool', 'Package'], properties: { name: 'lint' } },
    { key: 't:fmt', labels: ['Tool', 'Package'], properties: { name: 'fmt' } },
    { key: 'p:core', labels: ['Package'], properties: { name: 'core' } },
    { key: 'p:ui', labels: ['Package'], properties: { name: 'ui' } },
  ],
  relationships: [
    { fromKey: 't:lint', type: 'DEPENDS_ON', toKey: 'p:ui' },
    { fromKey: 'p:core', type: 'DEPENDS_ON', toKey: 't:lint' },
    { fromKey: 't:fmt', type: 'DEPENDS_ON', toKey: 't:lint' },
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
});
