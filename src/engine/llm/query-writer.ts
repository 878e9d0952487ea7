import { ModelUnavailableError, chatCompletions } from '../../platform/llm/chat-completion.js';
import type { CompleteChat, Completion, ModelSettings } from '../../platform/llm/chat-completion.js';
import { extractCypher } from './extract.js';
import { buildQueryMessages, clip, type ChatMessage, type QueryFailure, type QueryPromptInput } from './prompt.js';

/** Where they were first defined; the model-call plumbing is shared with ingestion (chat-completion.ts). */
export { ModelUnavailableError };
export type { ModelSettings };

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

const NO_QUERY = 'no query found in the answer';

export class ModelQueryWriter {
  private readonly completeChat: CompleteChat;

  constructor(
    private readonly settings: ModelSettings,
    private readonly logger?: QueryWriterLogger,
  ) {
    this.completeChat = chatCompletions(settings);
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
  private async complete(messages: ChatMessage[], signal?: AbortSignal): Promise<Completion> {
    try {
      return await this.completeChat({ messages }, signal);
    } catch (error) {
      if (error instanceof ModelUnavailableError) {
        this.logger?.warn({ model: this.settings.model, reason: error.reason, status: error.status, error: error.message }, 'model endpoint unavailable');
      }
      throw error;
    }
  }
}
