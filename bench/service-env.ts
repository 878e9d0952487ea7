/**
 * Settings of a service under a benchmark: the built-in planner, whatever the environment
 * configures (no model calls in the figures), and rate limits no benchmark reaches.
 */
export const BENCH_SERVICE_ENV: Record<string, string> = {
  LLM_BASE_URL: '',
  LLM_MODEL: '',
  RATE_LIMIT_DEFAULT_PER_MINUTE: '1000000',
  RATE_LIMIT_CHAT_CREATE_PER_MINUTE: '1000000',
  RATE_LIMIT_CHAT_MESSAGE_PER_MINUTE: '1000000',
};
