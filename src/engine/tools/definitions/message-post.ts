import { z } from 'zod';
import { defineTool } from '../tool.js';

/** Writes the run's answer into the session's history (once per run), with the run's next commit. */
export default defineTool({
  name: 'message_post',
  description: 'Adds the assistant’s answer to the session’s messages, with the query, the rows (bounded) and the files.',
  input: z.object({ content: z.string().min(1).max(100_000), answer: z.record(z.string(), z.unknown()) }).strict(),
  output: z.object({ message_id: z.string() }),
  async run({ content, answer }, { answerWithRun }) {
    // Committed with what the step publishes next (answer_ready): the answer and its event appear together.
    return { message_id: answerWithRun({ content, answer }) };
  },
});
