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

