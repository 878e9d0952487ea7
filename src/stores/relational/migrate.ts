import { createHash } from 'node:crypto';
import type { Migration } from './migrations/index.js';
import { migrations as allMigrations } from './migrations/index.js';
import type { RelationalStore } from './port.js';

export interface MigrationReport {
  applied: number[];
  alreadyApplied: number[];
}

const checksum = (m: Migration) => createHash('sha256').update(m.sql).digest('hex');

/**
 * Brings the schema up to date. Idempotent, and safe when several processes start at
 * once: everything happens in one transaction that first takes an advisory lock, so a second
 * process waits, then finds the work done. The lock is the database's, not the schema's:
 * extensions (pg_trgm) belong to the database, and two schemas migrating at once would race
 * to create one ("duplicate key … pg_extension_name_index").
 */
export async function migrate(
  store: RelationalStore,
  migrations: readonly Migration[] = allMigrations,
): Promise<MigrationReport> {
  return store.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('cqks:migrations'))`);
    await tx.query(`
      CREATE TABLE IF NOT EXISTS schema_migrations (
        version    integer PRIMARY KEY,
        name       text NOT NULL,
        checksum   text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
    const { rows } = await tx.query<{ version: number; checksum: string; name: string }>(
      'SELECT version, name, checksum FROM schema_migrations ORDER BY version',
    );
    const done = new Map(rows.map((r) => [r.version, r]));
    const report: MigrationReport = { applied: [], alreadyApplied: [] };
    for (const migration of migrations) {
      const previous = done.get(migration.version);
      if (previous) {
        if (previous.checksum !== checksum(migration)) {
          throw new Error(
            `Migration ${migration.version} (${migration.name}) was changed after it was applied; add a new migration instead`,
          );
        }
        report.alreadyApplied.push(migration.version);
        continue;
      }
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [
        migration.version,
        migration.name,
        checksum(migration),
      ]);
      report.applied.push(migration.version);
    }
    const latest = Math.max(0, ...migrations.map((m) => m.version));
    const unknown = rows.filter((r) => r.version > latest);
    if (unknown.length > 0) {
      throw new Error(
        `The database has migrations this build does not know (${unknown.map((r) => r.version).join(', ')}): it was migrated by a newer version`,
      );
    }
    return report;
  });
}
