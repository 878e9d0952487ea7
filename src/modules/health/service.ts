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

/**
 * Runs the checks for each probe. Probes that arrive while a component's check is still running
 * share it (a probe storm does not multiply the load on a struggling store), and once they have
 * waited `patienceMs` for it they get the component's last result: a store slow for a moment
 * (a Neo4j server's garbage collection under a big query) does not make readiness slow. A
 * check that hangs turns the component `down` when it reaches `timeoutMs`, so an outage shows
 * within that time; a store that comes back shows at the first check that answers.
 */
export class Readiness {
  private readonly state = new Map<string, { running?: Promise<ComponentStatus>; last?: ComponentStatus }>();

  constructor(
    private readonly checks: readonly HealthCheck[],
    private readonly timeoutMs: number,
    private readonly patienceMs: number,
  ) {}

  async check() {
    const results = await Promise.all(this.checks.map(async (c) => [c.name, await this.component(c)] as const));
    const components = Object.fromEntries(results);
    const down = results.filter(([, r]) => r.status === 'down').map(([name]) => name);
    return { ready: down.length === 0, down, components };
  }

  private async component(check: HealthCheck): Promise<ComponentStatus> {
    let state = this.state.get(check.name);
    if (!state) this.state.set(check.name, (state = {}));
    const current = state;
    const running = (current.running ??= runCheck(check, this.timeoutMs).then((result) => {
      current.last = result;
      current.running = undefined;
      return result;
    }));
    const last = current.last;
    if (!last) return running;
    let timer: NodeJS.Timeout | undefined;
    const patience = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), this.patienceMs)));
    try {
      return (await Promise.race([running, patience])) ?? last;
    } finally {
      clearTimeout(timer);
    }
  }
}
