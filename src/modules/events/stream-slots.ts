import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';

/**
 * How many event streams each subject has open, against STREAM_MAX_PER_SUBJECT. Taking a slot
 * checks and counts in one step: with Redis, one script over a sorted set per subject shared
 * by every process (so the limit holds across them, however many opens race); without it, a
 * map of this process. A Redis slot is a lease that each process renews while its stream is
 * open, so the slots of a process that died free themselves within `leaseMs`.
 */
export interface StreamSlotsOptions {
  limit: number;
  redis?: Redis;
  keyPrefix: string;
  /** How long a Redis slot outlives its last renewal; renewed every third of it. */
  leaseMs: number;
  logger: Pick<Logger, 'warn'>;
}

/** `now` in milliseconds by Redis's own clock (TIME): one clock for every process. */
const NOW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/** Drops expired slots, then adds `member` unless `limit` are taken. */
const TAKE_SCRIPT = `${NOW}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[3])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]) * 2)
return 1`;

/** Extends the lease of each slot still held (`ARGV[2..]`); one key at a time. */
const RENEW_SCRIPT = `${NOW}
for i = 2, #ARGV do redis.call('ZADD', KEYS[1], 'XX', now + tonumber(ARGV[1]), ARGV[i]) end
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[1]) * 2)
return 1`;

export class StreamSlots {
  private readonly local = new Map<string, number>();
  /** This process's Redis slots: subject -> slot ids. */
  private readonly held = new Map<string, Set<string>>();
  private readonly renewal: NodeJS.Timeout | undefined;

  constructor(private readonly options: StreamSlotsOptions) {
    if (options.redis) {
      this.renewal = setInterval(() => void this.renew(), Math.max(10, Math.floor(options.leaseMs / 3)));
      this.renewal.unref();
    }
  }

  /** A slot for one more stream of `subject`, or undefined when it has `limit` open; call the result to give it back. */
  async take(subject: string): Promise<(() => void) | undefined> {
    if (this.options.redis) {
      const taken = await this.takeShared(subject);
      if (taken !== 'unavailable') return taken;
    }
    return this.takeLocal(subject);
  }

  close(): void {
    clearInterval(this.renewal);
  }

  private takeLocal(subject: string): (() => void) | undefined {
    const open = this.local.get(subject) ?? 0;
    if (open >= this.options.limit) return undefined;
    this.local.set(subject, open + 1);
    return once(() => {
      const count = (this.local.get(subject) ?? 1) - 1;
      if (count <= 0) this.local.delete(subject);
      else this.local.set(subject, count);
    });
  }

  private async takeShared(subject: string): Promise<(() => void) | undefined | 'unavailable'> {
    const redis = this.options.redis!;
    const key = this.key(subject);
    const slot = randomUUID();
    let granted: unknown;
    try {
      granted = await redis.eval(TAKE_SCRIPT, 1, key, this.options.limit, this.options.leaseMs, slot);
    } catch (error) {
      // Streams stay available while Redis is not: counted in this process alone until it is back.
      this.options.logger.warn({ err: error }, 'stream slots: Redis did not answer; counting in this process');
      return 'unavailable';
    }
    if (Number(granted) !== 1) return undefined;
    const mine = this.held.get(subject) ?? new Set<string>();
    mine.add(slot);
    this.held.set(subject, mine);
    return once(() => {
      mine.delete(slot);
      if (mine.size === 0 && this.held.get(subject) === mine) this.held.delete(subject);
      // Not given back (Redis gone): the lease ends it.
      redis.zrem(key, slot).catch(() => undefined);
    });
  }

  private async renew(): Promise<void> {
    const redis = this.options.redis!;
    await Promise.all(
      [...this.held].map(([subject, slots]) =>
        redis.eval(RENEW_SCRIPT, 1, this.key(subject), this.options.leaseMs, ...slots).catch(() => undefined),
      ),
    );
  }

  private key(subject: string): string {
    return `${this.options.keyPrefix}streams:${subject}`;
  }
}

function once(release: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    release();
  };
}
