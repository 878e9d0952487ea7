import { ModelUnavailableError, chatCompletions } from '../../platform/llm/chat-completion.js';
import type { ModelSettings } from '../../platform/llm/chat-completion.js';
import type { ExtractionMessage } from './model-prompt.js';
import { ANSWER_FORMAT } from './model-schema.js';

/**
 * One structured-output request to the configured endpoint, made as every model call is
 * (chat-completion.ts): an endpoint that cannot answer throws ModelUnavailableError; the
 * caller's abort throws the signal's reason. The answer's text is returned as is: it is
 * checked by the caller.
 */

export type AskModel = (messages: ExtractionMessage[], signal: AbortSignal) => Promise<string>;

export function modelAsker(settings: ModelSettings): AskModel {
  const complete = chatCompletions(settings);
  return async (messages, signal) => {
    try {
      return (await complete({ messages, responseFormat: ANSWER_FORMAT }, signal)).content;
    } catch (error) {
      // Its message becomes an ingestion's warning: without what the endpoint said.
      if (error instanceof ModelUnavailableError) throw new ModelUnavailableError(error.summary, error.reason, error.status, { cause: error });
      throw error;
    }
  };
}
