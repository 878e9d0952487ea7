/**
 * Starts a local Neo4j Community server for development:
 *
 *   npm run neo4j            # data in DATA_DIR/neo4j (default ./data/neo4j), Bolt on a free port
 *   NEO4J_PORT=7687 npm run neo4j
 *
 * Prints its bolt:// URI (use it as NEO4J_URI; authentication is off, on 127.0.0.1 only) and
 * runs until Ctrl-C. The first start builds the launcher with Maven (neo4j/launcher).
 */
import path from 'node:path';
import { stopWhenNpmGoes } from '../src/platform/parent-watch.js';
import { neo4jUnavailableReason, startNeo4j } from './neo4j-launcher.js';

const reason = neo4jUnavailableReason();
if (reason) {
  console.error(`Cannot start Neo4j: ${reason}.`);
  process.exit(1);
}
const dataDir = path.resolve(process.env.DATA_DIR ?? 'data', 'neo4j');
const neo4j = await startNeo4j({ dataDir, port: process.env.NEO4J_PORT ? Number(process.env.NEO4J_PORT) : undefined });
console.log(`Neo4j is running with its data in ${dataDir}.`);
console.log(`NEO4J_URI=${neo4j.uri}`);
console.log('Ctrl-C stops it.');
const stop = () => void neo4j.stop().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
stopWhenNpmGoes(stop);
await new Promise<void>((resolve) => neo4j.child.once('exit', () => resolve()));
