import net from 'node:net';
import type { FuzzRequest } from './requests.js';

/** What came back: the status (0 when the connection ended without an answer) and its content type. */
export interface FuzzAnswer {
  status: number;
  contentType: string;
  body: string;
}

/**
 * Sends `request` as raw bytes on a connection of its own and reads the answer. A stream that
 * opened (200 with an event-stream or NDJSON type) counts as answered once its headers are in.
 */
export function sendRaw(port: number, request: FuzzRequest, timeoutMs: number): Promise<FuzzAnswer> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (answer?: FuzzAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(answer ?? parse(Buffer.concat(chunks)));
    };
    const timer = setTimeout(() => finish({ ...parse(Buffer.concat(chunks)), ...(chunks.length ? {} : { status: -1, body: `no answer within ${timeoutMs} ms` }) }), timeoutMs);
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      const answer = parse(Buffer.concat(chunks));
      if (answer.status === 200 && /event-stream|ndjson/.test(answer.contentType)) finish(answer);
    });
    socket.on('end', () => finish());
    socket.on('close', () => finish());
    // A server that refuses early may close while the body is still going out: what it answered counts.
    socket.on('error', () => undefined);
    const head = [
      `${request.method} ${request.path} HTTP/1.1`,
      'Host: 127.0.0.1',
      'Connection: close',
      ...(request.body.length || !['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(request.method) ? [`Content-Length: ${request.body.length}`] : []),
      ...request.headers.map(([k, v]) => `${k}: ${v}`),
    ];
    socket.write(Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'latin1'), request.body]));
  });
}

function parse(bytes: Buffer): FuzzAnswer {
  const text = bytes.toString('latin1');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0);
  const end = text.indexOf('\r\n\r\n');
  const head = end >= 0 ? text.slice(0, end) : text;
  const contentType = /\r\ncontent-type:\s*([^\r\n]*)/i.exec(head)?.[1] ?? '';
  return { status, contentType, body: end >= 0 ? bytes.subarray(end + 4, end + 4 + 400).toString('utf8') : '' };
}
