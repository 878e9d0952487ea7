/**
 * The floors of src/ (ARCHITECTURE.md tells them): a file imports only from its own floor or
 * those below, no import circle, no file nothing imports. `npm run deps` checks them and
 * `npm run lint` runs it: any of the three fails it.
 */
const FLOORS = ['config', 'version', 'platform', 'cypher', 'stores', 'language', 'ingest', 'planner', 'engine', 'modules', 'demo', 'app', 'main'];
const floor = (name) => `^src/${name}(\\.ts$|/)`;
/**
 * Rooms of a floor, in the order they may look: a room imports only rooms before it (or files of
 * its floor that are no room), so no two folders of a floor lean on each other.
 */
const ROOMS = {
  planner: ['read', 'link', 'resolve', 'interpret', 'build', 'answer', 'match'],
  engine: ['contracts', 'jobs', 'llm', 'render', 'tools', 'workflows', 'runs'],
  modules: ['auth', 'health', 'synonyms', 'memories', 'queries', 'chat', 'events', 'runs', 'review', 'conversation', 'documents', 'workflows'],
};
const room = (floorName, name) => `^src/${floorName}/${name}/`;

export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle: the files cannot be read, tested or built one without the other.',
      from: { pathNot: '^src/stores/relational/migrations/index\\.ts$' },
      to: { circular: true, viaOnly: { pathNot: '^src/stores/relational/migrations/index\\.ts$' } },
    },
    ...FLOORS.map((name, i) => ({
      name: `floor-${name}`,
      severity: 'error',
      comment: `${name} looks only down: it may not import ${FLOORS.slice(i + 1).join(', ') || 'anything above it'}.`,
      from: { path: floor(name) },
      to: { path: FLOORS.slice(i + 1).map(floor) },
    })).filter((rule) => rule.to.path.length > 0),
    ...Object.entries(ROOMS).flatMap(([floorName, rooms]) =>
      rooms.slice(0, -1).map((name, i) => ({
        name: `room-${floorName}-${name}`,
        severity: 'error',
        comment: `${floorName}/${name} looks only at the rooms before it: it may not import ${rooms.slice(i + 1).map((r) => `${floorName}/${r}`).join(', ')}.`,
        from: { path: room(floorName, name) },
        to: { path: rooms.slice(i + 1).map((r) => room(floorName, r)) },
      })),
    ),
    {
      name: 'no-orphans',
      severity: 'error',
      comment: 'A file nothing imports is dead code (entry points and definitions loaded by path excepted).',
      from: { orphan: true, pathNot: ['^src/main\\.ts$', '\\.d\\.ts$', '^src/engine/(workflows|tools)/definitions/', 'worker\\.ts$', '-entry\\.ts$'] },
      to: {},
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '^(test|bench|scripts|dist)/' },
  },
};
