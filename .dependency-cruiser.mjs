/**
 * The floors of src/ (ARCHITECTURE.md tells them): a file imports only from its own floor or
 * those below, no import circle, no file nothing imports. `npm run deps` checks them and
 * `npm run lint` runs it: any of the three fails it.
 */
const FLOORS = ['config', 'version', 'platform', 'cypher', 'stores', 'language', 'ingest', 'engine', 'modules', 'demo', 'app', 'main'];
const floor = (name) => `^src/${name}(\\.ts$|/)`;

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
