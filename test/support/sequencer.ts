import { BaseSequencer } from 'vitest/node';
import type { TestSpecification } from 'vitest/node';

/**
 * The files that take longest (child processes, service processes, Neo4j, a question corpus),
 * longest first, with their seconds in CI on the two-core machine (630cdc7, as the reporter
 * times each file). vitest orders files by the durations it remembers from the last run, but a
 * clean clone (CI) has none; it then starts the largest files first, and these are often small
 * (a corpus suite in one line): one started last kept one worker busy for a minute after the
 * others had finished. A file that leaves this list, or a new slow one not on it, only starts
 * later than it could.
 */
export const SLOWEST_FILES = [
  'test/modules/documents/ingestion-order.test.ts', // 67
  'test/e2e/many-processes.test.ts', // 62
  'test/e2e/npm-commands.test.ts', // 51
  'test/stores/graph/neo4j-store.integration.test.ts', // 40
  'test/e2e/demo-questions-neo4j.test.ts', // 28
  'test/modules/queries/template-safety.test.ts', // 15
  'test/eval/held-out-sets.test.ts', // 15
  'test/modules/queries/template-property.test.ts', // 14
  'test/e2e/readme-walkthrough.test.ts', // 14
  'test/stores/relational/postgres-outage.test.ts', // 13
  'test/modules/documents/value-links.test.ts', // 11
];

/** Starts the slowest files first (SLOWEST_FILES, then vitest's own order), so the suite does not end on a long one. */
export class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const at = SLOWEST_FILES.findIndex((name) => file.moduleId.endsWith(`/${name}`));
      return at < 0 ? SLOWEST_FILES.length : at;
    };
    return ordered.map((file, at) => ({ file, at })).sort((a, b) => rank(a.file) - rank(b.file) || a.at - b.at).map(({ file }) => file);
  }
}
