import type OpenAI from 'openai';
import type * as OpenAIModule from 'openai';
import type { Config } from '../../config.js';

/**
 * One chat completion from an OpenAI-compatible endpoint (OpenAI, Ollama, vLLM, ...), as every
 * model call of the service makes it: the settings decide (not the process environment), the
 * client retries once (a dropped connection, a 429 or 5xx), and the whole call, retry included,
 * is bounded by `timeoutMs`. An endpoint that cannot answer throws ModelUnavailableError; the
 * caller's abort throws its signal's reason.
 */

export type ModelSettings = NonNullable<Config['llm']>;

/** The model endpoint could not answer: network, HTTP status, time limit or an unusable response. */
export class ModelUnavailableError extends Error {
  constructor(
    message: string,
    readonly reason: 'timeout' | 'connection' | 'http' | 'response',
    /** The HTTP status, when the endpoint answered with one. */
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ModelUnavailableError';
  }

  /** The message without the endpoint's own words (which can be anything), for warnings people read. */
  get summary(): string {
    switch (this.reason) {
      case 'http':
        return `the model endpoint answered HTTP ${this.status}`;
      case 'connection':
        return 'the model endpoint could not be reached';
      case 'response':
        return 'the model endpoint gave an unusable answer';
      default:
        return this.message;
    }
  }
}

export interface CompletionRequest {
  messages: { role: 'system' | 'user' | 'assistant'; content: string }[];
  /** Structured output, when the caller wants it. */
  responseFormat?: { type: 'json_schema'; json_schema: { name: string; strict?: boolean; schema: Record<string, unknown> } };
}

export interface Completion {
  /** The first choice's text; empty for a choice without text (a refusal, a tool call). */
  content: string;
  finishReason?: string;
}

export type CompleteChat = (request: CompletionRequest, signal?: AbortSignal) => Promise<Completion>;

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** A body without choices is the endpoint's fault (unavailable); a choice without text is the model's. */
function contentOf(completion: unknown): Completion {
  const choices = (completion as { choices?: unknown } | null | undefined)?.choices;
  if (!Array.isArray(choices) || choices.length === 0) {
    throw new ModelUnavailableError('the model endpoint gave an unusable answer: no choices in the response', 'response');
  }
  const first = choices[0] as { message?: { content?: unknown }; finish_reason?: unknown } | null | undefined;
  const content = first?.message?.content;
  return {
    content: typeof content === 'string' ? content : '',
    finishReason: typeof first?.finish_reason === 'string' ? first.finish_reason : undefined,
  };
}

/** The client library, loaded on the first model call: most deployments configure no model, and it is 155 modules. */
let library: Promise<typeof OpenAIModule> | undefined;
const openai = () => (library ??= import('openai'));

function unavailable(error: unknown, timedOut: boolean, timeoutMs: number, { APIConnectionTimeoutError, APIError }: typeof OpenAIModule): ModelUnavailableError {
  if (error instanceof ModelUnavailableError) return error;
  if (timedOut || error instanceof APIConnectionTimeoutError) {
    return new ModelUnavailableError(`the model endpoint did not answer within ${timeoutMs} ms`, 'timeout', undefined, { cause: error });
  }
  if (error instanceof APIError && typeof error.status === 'number') {
    return new ModelUnavailableError(`the model endpoint answered HTTP ${error.status}: ${clip(error.message, 300)}`, 'http', error.status, { cause: error });
  }
  if (error instanceof APIError) {
    return new ModelUnavailableError(`the model endpoint could not be reached: ${clip(error.message, 300)}`, 'connection', undefined, { cause: error });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ModelUnavailableError(`the model endpoint gave an unusable answer: ${clip(message, 300)}`, 'response', undefined, { cause: error });
}

export function chatCompletions(settings: ModelSettings): CompleteChat {
  let client: OpenAI | undefined;
  const clientOf = (lib: typeof OpenAIModule) =>
    (client ??= new lib.default({
      baseURL: settings.baseUrl,
      // Local servers (Ollama, llama.cpp, vLLM) ignore the key; the client insists on one.
      apiKey: settings.apiKey ?? 'unused',
      // Not from the process environment (OPENAI_ORG_ID, OPENAI_PROJECT_ID): the settings decide.
      organization: null,
      project: null,
      timeout: settings.timeoutMs,
      maxRetries: 1,
    }));
  return async ({ messages, responseFormat }, signal) => {
    const deadline = AbortSignal.timeout(settings.timeoutMs);
    const combined = signal ? AbortSignal.any([signal, deadline]) : deadline;
    const lib = await openai();
    const request = clientOf(lib).chat.completions.create(
      {
        model: settings.model,
        messages,
        max_tokens: settings.maxOutputTokens,
        temperature: 0,
        ...(responseFormat ? { response_format: responseFormat } : {}),
      },
      { signal: combined },
    );
    // The client sleeps between its retries without watching the signal: the race keeps the limit.
    let onAbort = () => {};
    const aborted = new Promise<never>((_resolve, reject) => {
      onAbort = () => reject(new Error('aborted'));
      combined.addEventListener('abort', onAbort, { once: true });
    });
    try {
      return contentOf(await Promise.race([request, aborted]));
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      throw unavailable(error, deadline.aborted, settings.timeoutMs, lib);
    } finally {
      combined.removeEventListener('abort', onAbort);
      request.catch(() => {});
    }
  };
}
