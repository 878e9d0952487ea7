import { randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * Benchmark servers on PostgreSQL work in a schema of their own, dropped when they stop,
 * so they neither read nor leave anything in the database's own schemas.
 */
export function scratchSchemaEnv(): { env: Record<string, string>; drop(): Promise<void> } {
  const url = process.env.DATABASE_URL;
  if (!url) return { env: {}, drop: async () => undefined };
  const schema = `bench_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  return {
    env: { DATABASE_SCHEMA: schema },
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    },
  };
}
