import pg from 'pg';

/**
 * The embedded graph serves one process. Several processes of one deployment share its
 * PostgreSQL, but each would hold a graph of its own, so an answer would depend on which
 * process ran it. The first process with an embedded graph holds a PostgreSQL advisory lock
 * (per schema) on a connection of its own for as long as it runs; a second one finds it taken
 * and refuses to start. The lock goes with the connection, so a process killed with -9 does
 * not keep it.
 */

export class EmbeddedGraphSharedError extends Error {
  constructor(schema: string) {
    super(
      `Another process of this deployment (PostgreSQL schema ${schema}) runs with an embedded graph of its own: the ` +
        'embedded graph serves one process, and answers would depend on which process ran them. Set NEO4J_URI to run ' +
        'several processes on one graph (or GRAPH_EMBEDDED_SHARED_DATABASE=true to allow it anyway).',
    );
    this.name = 'EmbeddedGraphSharedError';
  }
}

/** Holds the deployment's embedded-graph lock until `release`; throws EmbeddedGraphSharedError if another process holds it. */
export async function claimEmbeddedGraph(options: {
  databaseUrl: string;
  schema: string;
  onLost?: (error: Error) => void;
}): Promise<{ release(): Promise<void> }> {
  const client = new pg.Client({ connectionString: options.databaseUrl, application_name: 'cqks embedded-graph claim', keepAlive: true });
  // An error on an idle client is an 'error' event: without a listener it would end the process.
  client.on('error', (error) => options.onLost?.(error));
  await client.connect();
  try {
    const { rows } = await client.query<{ claimed: boolean }>("SELECT pg_try_advisory_lock(hashtext('cqks:embedded-graph:' || $1)) AS claimed", [options.schema]);
    if (!rows[0]?.claimed) throw new EmbeddedGraphSharedError(options.schema);
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  return { release: () => client.end().catch(() => undefined) };
}
