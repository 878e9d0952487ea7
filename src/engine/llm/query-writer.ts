import OpenAI, { APIConnectionTimeoutError, APIError } from 'openai';
import type { Config } from '../../config.js';
import { extractCypher } from './extract.js';
import { buildQueryMessages, clip, type ChatMessage, type QueryFailure, type QueryPromptInput } from './prompt.js';

/**
 * The language-model path of query writing: an OpenAI-compatible endpoint (OpenAI, Ollama,
 * vLLM, ...) writes one Cypher query from the schema, similar approved templates and the
 * session's memories. The answer is untrusted text: it is cut out by extractCypher and handed
 * to the caller's `validate` (the read-only guard and whatever else the caller checks); a
 * rejected query goes back to the model with its error, up to `maxAttempts`.
 *
 * An endpoint that cannot answer (connection refused, HTTP error, time limit, unusable body)
 * ends the write at once with ModelUnavailableError: retrying the prompt would not help, and
 * each attempt could cost the whole time limit again. The client itself retries a request
 * once (a dropped connection, a 429 or 5xx), within the same time limit.
 */

export type ModelSettings = NonNullable<Config['llm']>;

export type QueryValidation = { ok: true } | { ok: false; error: string };

export interface QueryWriterLogger {
  debug(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface WrittenQuery {
  cypher: string;
  /** How many model answers it took (1 when the first one was valid). */
  attempts: number;
}

/** Every attempt gave no query or an invalid one. */
export class ModelQueryError extends Error {
  constructor(
    readonly attempts: number,
    readonly lastError: string,
  ) {
    super(`the model wrote no valid query in ${attempts} attempt${attempts === 1 ? '' : 's'}; last error: ${lastError}`);
    this.name = 'ModelQueryError';
  }
}

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
}

/**
 * The first choice's text. A body without choices is the endpoint's fault (unavailable); a
 * choice without text content (a refusal, a tool call) is the model's: no query in it.
 */
function contentOf(completion: unknown): { content: string; finishReason?: string } {
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

const NO_QUERY = 'no query found in the answer';

export class ModelQueryWriter {
  private readonly client: OpenAI;

  constructor(
    private readonly settings: ModelSettings,
    private readonly logger?: QueryWriterLogger,
  ) {
    this.client = new OpenAI({
      baseURL: settings.baseUrl,
      // Local servers (Ollama, llama.cpp, vLLM) ignore the key; the client insists on one.
      apiKey: settings.apiKey ?? 'unused',
      // Not from the process environment (OPENAI_ORG_ID, OPENAI_PROJECT_ID): the settings decide.
      organization: null,
      project: null,
      timeout: settings.timeoutMs,
      maxRetries: 1,
    });
  }

  async write(
    input: QueryPromptInput,
    validate: (cypher: string) => Promise<QueryValidation>,
    signal?: AbortSignal,
  ): Promise<WrittenQuery> {
    const maxAttempts = Math.max(1, this.settings.maxAttempts);
    const failures: QueryFailure[] = [];
    let lastError = NO_QUERY;
    for (let attempt = 1; attempt <= maxAttempts; attempt += 1) {
      signal?.throwIfAborted();
      const started = performance.now();
      const answer = await this.complete(buildQueryMessages(input, failures), signal);
      const cypher = extractCypher(answer.content);
      this.logger?.debug(
        { attempt, maxAttempts, model: this.settings.model, ms: Math.round(performance.now() - started), finishReason: answer.finishReason, answerChars: answer.content.length },
        'model answered',
      );
      if (cypher === undefined) {
        lastError = NO_QUERY;
        failures.push({ cypher: clip(answer.content.trim(), 2000), error: lastError });
        this.logger?.warn({ attempt, maxAttempts, error: lastError, finishReason: answer.finishReason }, 'model answer rejected');
        continue;
      }
      const verdict = await validate(cypher);
      if (verdict.ok) return { cypher, attempts: attempt };
      lastError = verdict.error;
      failures.push({ cypher, error: verdict.error });
      this.logger?.warn({ attempt, maxAttempts, error: clip(verdict.error, 500), cypher: clip(cypher, 500) }, 'model query rejected');
    }
    throw new ModelQueryError(maxAttempts, lastError);
  }

  /** One request, bounded by `timeoutMs` overall (the client's own retry included). */
  private async complete(messages: ChatMessage[], signal?: AbortSignal): Promise<{ content: string; finishReason?: string }> {
    const { timeoutMs, model, maxOutputTokens } = this.settings;
    const deadline = AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([signal, deadline]) : deadline;
    const request = this.client.chat.completions.create(
      { model, messages, max_tokens: maxOutputTokens, temperature: 0 },
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
      throw this.unavailable(error, deadline.aborted);
    } finally {
      combined.removeEventListener('abort', onAbort);
      request.catch(() => {});
    }
  }

  private unavailable(error: unknown, timedOut: boolean): ModelUnavailableError {
    const { timeoutMs, model } = this.settings;
    let failure: ModelUnavailableError;
    if (error instanceof ModelUnavailableError) {
      failure = error;
    } else if (timedOut || error instanceof APIConnectionTimeoutError) {
      failure = new ModelUnavailableError(`the model endpoint did not answer within ${timeoutMs} ms`, 'timeout', undefined, { cause: error });
    } else if (error instanceof APIError && typeof error.status === 'number') {
      failure = new ModelUnavailableError(
        `the model endpoint answered HTTP ${error.status}: ${clip(error.message, 300)}`,
        'http',
        error.status,
        { cause: error },
      );
    } else if (error instanceof APIError) {
      failure = new ModelUnavailableError(`the model endpoint could not be reached: ${clip(error.message, 300)}`, 'connection', undefined, { cause: error });
    } else {
      const message = error instanceof Error ? error.message : String(error);
      failure = new ModelUnavailableError(`the model endpoint gave an unusable answer: ${clip(message, 300)}`, 'response', undefined, { cause: error });
    }
    this.logger?.warn({ model, reason: failure.reason, status: failure.status, error: failure.message }, 'model endpoint unavailable');
    return failure;
  }
}
