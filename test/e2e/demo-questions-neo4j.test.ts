import { describe, inject, it } from 'vitest';
import { questionsThroughHttp } from './demo-questions.suite.js';

/**
 * The question corpus on Neo4j (a server of its own, started by the global setup, so its graph
 * is empty when the demo data is loaded): the same answers as on the embedded engine.
 */
const uri = inject('neo4jCorpusUri');
if (uri) questionsThroughHttp({ name: 'Neo4j', env: { NEO4J_URI: uri } });
else describe('questions over the demo graph on Neo4j', () => it.skip('no Neo4j here (see the global setup’s line)', () => undefined));
