/** Readiness: every store answers a cheap check within a time limit, checked in parallel. */

export interface HealthCheck {
  name: string;
  engine: string;
  check: () => Promise<void>;
}

export interface ComponentStatus {
  status: 'up' | 'down';
  engine: string;
  latency_ms: number;
  error?: string;
}

async function runCheck(check: HealthCheck, timeoutMs: number): Promise<ComponentStatus> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([check.check(), timeout]);
    return { status: 'up', engine: check.engine, latency_ms: elapsed(started) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { status: 'down', engine: check.engine, latency_ms: elapsed(started), error: message.slice(0, 200) };
  } finally {
    clearTimeout(timer);
  }
}

const elapsed = (started: number) => Math.round((performance.now() - started) * 10) / 10;

export async function checkReadiness(checks: readonly HealthCheck[], timeoutMs: number) {
  const results = await Promise.all(checks.map(async (c) => [c.name, await runCheck(c, timeoutMs)] as const));
  const components = Object.fromEntries(results);
  const down = results.filter(([, r]) => r.status === 'down').map(([name]) => name);
  return { ready: down.length === 0, down, components };
}
