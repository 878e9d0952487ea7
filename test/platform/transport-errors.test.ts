import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app.js';
import { startTestApp } from '../support/app.js';

/**
 * What Node answers before a request exists: a body that never finishes, a malformed request,
 * headers too large. Over a real socket: within about a second of REQUEST_TIMEOUT_MS, and in the
 * one error shape (problem+json).
 */
describe('transport-level errors', () => {
  let t: TestApp;
  let port: number;
  const TIMEOUT_MS = 2000;

  beforeAll(async () => {
    t = await startTestApp({ env: { REQUEST_TIMEOUT_MS: String(TIMEOUT_MS) } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t.close());

  /** Sends raw bytes (optionally more later) and resolves with everything the server answers before closing. */
  function raw(first: string, keepOpenMs = 0): Promise<{ text: string; ms: number }> {
    return new Promise((resolve, reject) => {
      const started = performance.now();
      const socket = net.connect(port, '127.0.0.1', () => socket.write(first));
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk) => (text += chunk));
      socket.on('error', reject);
      socket.on('close', () => resolve({ text, ms: performance.now() - started }));
      if (keepOpenMs > 0) setTimeout(() => socket.destroy(), keepOpenMs);
    });
  }

  const problemOf = (text: string) => JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as { status: number; type: string };

  it('cuts a body that never finishes within about a second of REQUEST_TIMEOUT_MS, with a 408 problem', async () => {
    const token = await t.token(['user']);
    const { text, ms } = await raw(
      `POST /api/v1/chat HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"ti`,
      15_000,
    );
    expect(ms).toBeLessThan(TIMEOUT_MS + 1500);
    expect(text).toMatch(/^HTTP\/1\.1 408/);
    expect(text).toContain('application/problem+json');
    expect(problemOf(text)).toMatchObject({ status: 408, type: 'urn:cqks:problem:request-timeout' });
  });

  it('answers a malformed request and headers too large in the one error shape', async () => {
    const bad = await raw('THIS IS NOT HTTP\r\n\r\n');
    expect(bad.text).toMatch(/^HTTP\/1\.1 400/);
    expect(problemOf(bad.text)).toMatchObject({ status: 400, type: 'urn:cqks:problem:invalid-request' });
    const big = await raw(`GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(big.text).toMatch(/^HTTP\/1\.1 431/);
    expect(problemOf(big.text)).toMatchObject({ status: 431 });
  });
});
