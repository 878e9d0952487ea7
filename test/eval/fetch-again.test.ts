import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchAgainOnReset } from '../../bench/fetch-again.js';

/**
 * The evaluation's requests survive a connection the server resets under them: a real server
 * that destroys the socket of every first request on a path, then answers. A POST is sent again
 * with the same Idempotency-Key, so the service does it once.
 */
describe('fetchAgainOnReset', () => {
  const keys: (string | undefined)[] = [];
  const seen = new Map<string, number>();
  const server = createServer((req, res) => {
    const count = (seen.get(req.url!) ?? 0) + 1;
    seen.set(req.url!, count);
    keys.push(req.headers['idempotency-key'] as string | undefined);
    if (req.url !== '/always-reset' && count > 1) {
      res.end('ok');
      return;
    }
    req.socket.destroy();
  });
  let base = '';

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends a reset POST again, with the same Idempotency-Key', async () => {
    keys.length = 0;
    const res = await fetchAgainOnReset(`${base}/post`, { method: 'POST', body: '{}' });
    expect(await res.text()).toBe('ok');
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('sends a reset GET again, without a key', async () => {
    keys.length = 0;
    expect(await (await fetchAgainOnReset(`${base}/get`)).text()).toBe('ok');
    expect(keys).toEqual([undefined, undefined]);
  });

  it('gives up after three tries', async () => {
    await expect(fetchAgainOnReset(`${base}/always-reset`)).rejects.toThrow(/fetch failed/);
    expect(seen.get('/always-reset')).toBe(3);
  });
});
