/**
 * Run by `npm install` (the `prepare` script): creates an empty embedded PostgreSQL cluster of
 * the installed PGlite version in node_modules/.cache/cqks, so that the service's first start
 * unpacks it instead of creating one (see src/stores/relational/pglite-cluster.ts).
 *
 * It never fails the install: without the template a first start creates the cluster itself,
 * only more slowly.
 */
import { writePgliteTemplate } from '../src/stores/relational/pglite-cluster.js';

const started = performance.now();
try {
  const { file, bytes } = await writePgliteTemplate();
  console.log(`Embedded database template ready (${(bytes / 1e6).toFixed(1)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s): ${file}`);
} catch (error) {
  console.warn(`No embedded database template (a first start will create the database itself): ${error instanceof Error ? error.message : String(error)}`);
}
process.exit(0);
