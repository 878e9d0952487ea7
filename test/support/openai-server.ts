import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real OpenAI-compatible endpoint on 127.0.0.1 with an OS-chosen port, for the tests of the
 * model path. It implements `POST /v1/chat/completions` (non-streaming) with the response shape
 * of the OpenAI API; `replies` decides each answer: a string becomes the assistant's content,
 * `{ status, body }` is sent as is (an error, a malformed answer). A reply that never settles
 * leaves the request hanging (a server that never answers). Every request to that path is
 * recorded, headers and parsed body; any other path answers 404 JSON.
 */

export interface OpenAiChatRequest {
  model: string;
  messages: { role: string; content: string }[];
  [key: string]: unknown;
}

export type OpenAiReply = string | { status: number; body: unknown };

export interface OpenAiServer {
  /** The base URL, ending in `/v1`. */
  url: string;
  requests: { headers: Record<string, string | string[] | undefined>; body: OpenAiChatRequest }[];
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startOpenAiServer(
  replies: (request: OpenAiChatRequest) => OpenAiReply | Promise<OpenAiReply>,
): Promise<OpenAiServer> {
  const requests: OpenAiServer['requests'] = [];

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'POST' || path !== '/v1/chat/completions') {
      await readBody(req);
      send(res, 404, { error: { message: `no route ${req.method} ${path}`, type: 'invalid_request_error', code: 'not_found' } });
      return;
    }
    const raw = await readBody(req);
    let body: OpenAiChatRequest;
    try {
      body = JSON.parse(raw) as OpenAiChatRequest;
    } catch {
      send(res, 400, { error: { message: 'the body is not JSON', type: 'invalid_request_error' } });
      return;
    }
    requests.push({ headers: { ...req.headers }, body });
    const reply = await replies(body);
    if (res.destroyed) return;
    if (typeof reply !== 'string') {
      send(res, reply.status, reply.body);
      return;
    }
    const promptTokens = body.messages.reduce((n, m) => n + Math.ceil(String(m.content).length / 4), 0);
    const completionTokens = Math.ceil(reply.length / 4);
    send(res, 200, {
      id: `chatcmpl-${randomUUID()}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [{ index: 0, message: { role: 'assistant', content: reply, refusal: null }, logprobs: null, finish_reason: 'stop' }],
      usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
    });
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, { error: { message: String(error), type: 'server_error' } });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
