/**
 * The demo deployment's synonyms: words its users say for the demo graph's relationships, kept
 * as data (curators keep a deployment's own through /api/v1/aim/synonyms), not in the planner.
 */
export const DEMO_SYNONYMS: readonly { word: string; stands_for: string; kind: 'relationship' }[] = [
  { word: 'write', stands_for: 'AUTHORED', kind: 'relationship' },
  { word: 'employ', stands_for: 'WORKS_AT', kind: 'relationship' },
  { word: 'develop', stands_for: 'MAINTAINS', kind: 'relationship' },
  { word: 'reside', stands_for: 'LIVES_IN', kind: 'relationship' },
  { word: 'reference', stands_for: 'CITES', kind: 'relationship' },
];
