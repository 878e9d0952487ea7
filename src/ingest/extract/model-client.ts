import OpenAI, { APIConnectionTimeoutError, APIError } from 'openai';
import { ModelUnavailableError, type ModelSettings } from '../../engine/llm/query-writer.js';
import type { ExtractionMessage } from './model-prompt.js';
import { ANSWER_FORMAT } from './model-schema.js';

/**
 * One structured-output request to an OpenAI-compatible endpoint, set up as the query writer
 * sets up its client (settings decide, not the environment; one client retry within the time
 * limit). An endpoint that cannot answer throws ModelUnavailableError; the caller's abort
 * throws the signal's reason. The answer's text is returned as is: it is checked by the caller.
 */

export type AskModel = (messages: ExtractionMessage[], signal: AbortSignal) => Promise<string>;

export function modelAsker(settings: ModelSettings): AskModel {
  const client = new OpenAI({
    baseURL: settings.baseUrl,
    // Local servers (Ollama, llama.cpp, vLLM) ignore the key; the client insists on one.
    apiKey: settings.apiKey ?? 'unused',
    organization: null,
    project: null,
    timeout: settings.timeoutMs,
    maxRetries: 1,
  });
  return async (messages, signal) => {
    const deadline = AbortSignal.timeout(settings.timeoutMs);
    const combined = AbortSignal.any([signal, deadline]);
    const request = client.chat.completions.create(
      { model: settings.model, messages, max_tokens: settings.maxOutputTokens, temperature: 0, response_format: ANSWER_FORMAT },
      { signal: combined },
    );
    // The client sleeps between its retries without watching the signal: the race keeps the limit.
    let onAbort = () => {};
    const aborted = new Promise<never>((_resolve, reject) => {
      onAbort = () => reject(new Error('aborted'));
      combined.addEventListener('abort', onAbort, { once: true });
    });
    try {
      const completion = await Promise.race([request, aborted]);
      const choices = (completion as { choices?: unknown } | null | undefined)?.choices;
      if (!Array.isArray(choices) || choices.length === 0) throw new ModelUnavailableError('the model endpoint gave an unusable answer: no choices in the response', 'response');
      const content = (choices[0] as { message?: { content?: unknown } } | undefined)?.message?.content;
      // A refusal or a tool call has no text: an answer that is no JSON.
      return typeof content === 'string' ? content : '';
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      throw unavailable(error, deadline.aborted, settings.timeoutMs);
    } finally {
      combined.removeEventListener('abort', onAbort);
      request.catch(() => {});
    }
  };
}

function unavailable(error: unknown, timedOut: boolean, timeoutMs: number): ModelUnavailableError {
  if (error instanceof ModelUnavailableError) return error;
  if (timedOut || error instanceof APIConnectionTimeoutError) {
    return new ModelUnavailableError(`the model endpoint did not answer within ${timeoutMs} ms`, 'timeout', undefined, { cause: error });
  }
  if (error instanceof APIError && typeof error.status === 'number') {
    return new ModelUnavailableError(`the model endpoint answered HTTP ${error.status}`, 'http', error.status, { cause: error });
  }
  if (error instanceof APIError) return new ModelUnavailableError('the model endpoint could not be reached', 'connection', undefined, { cause: error });
  return new ModelUnavailableError('the model endpoint gave an unusable answer', 'response', undefined, { cause: error });
}
