import { LEGACY_NEO4J_SCHEMA_RULES } from './bookkeeping.js';
import { relabelLegacyStatement } from './cypher-statements.js';

/** What of a WRITE session schema changes need (the driver's session satisfies it). */
export interface SchemaSession {
  run(query: string, parameters?: Record<string, unknown>): AsyncIterable<{ get(key: string): unknown }> & { summary(): Promise<unknown> };
  executeWrite<T>(work: (tx: { run(query: string): { summary(): Promise<unknown> } }) => Promise<T>): Promise<T>;
}

/**
 * Runs a `CREATE … IF NOT EXISTS` of an index or constraint. Two processes creating the same rule at
 * once: IF NOT EXISTS is checked before either commits, and the second fails with "an equivalent
 * index/constraint already exists", which is what it wanted.
 */
export async function createSchemaRule(session: Pick<SchemaSession, 'executeWrite'>, statement: string): Promise<void> {
  try {
    await session.executeWrite((tx) => tx.run(statement).summary());
  } catch (error) {
    const code = String((error as { code?: unknown } | undefined)?.code ?? '');
    if (!/^Neo\.ClientError\.Schema\.(EquivalentSchemaRuleAlreadyExists|IndexAlreadyExists|ConstraintAlreadyExists)$/.test(code)) throw error;
  }
}


/**
 * Moves a store written before the bookkeeping label was namespaced: its index and constraint on
 * `Entity` are dropped (a graph's own `Entity` label is the graph's) and its nodes relabelled a batch
 * at a time. Idempotent; processes starting at once may race to drop the same rule, which is fine.
 */
export async function moveLegacyBookkeeping(session: Pick<SchemaSession, 'executeWrite'>): Promise<void> {
  for (const rule of LEGACY_NEO4J_SCHEMA_RULES) {
    try {
      await session.executeWrite((tx) => tx.run(`DROP ${rule} IF EXISTS`).summary());
    } catch (error) {
      const code = String((error as { code?: unknown } | undefined)?.code ?? '');
      if (!/^Neo\.ClientError\.Schema\./.test(code)) throw error;
    }
  }
  for (;;) {
    const moved = await session.executeWrite(async (tx) => {
      const result = (await tx.run(relabelLegacyStatement).summary()) as {
        counters?: { updates(): { labelsAdded?: number } };
      };
      return result.counters?.updates().labelsAdded ?? 0;
    });
    if (moved === 0) return;
  }
}
