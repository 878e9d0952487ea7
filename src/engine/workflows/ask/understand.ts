import questionUnderstand from '../../tools/definitions/question-understand.js';
import type { WorkflowNode } from '../workflow.js';
import type { AskInput } from './input.js';

export const understandNode: WorkflowNode<AskInput> = {
  id: 'understand',
  description: 'Reads the question once for the turn: its words, its kind and the mentions of things in it.',
  tools: [questionUnderstand],
  replayable: true,
  async run({ tool, input }) {
    const understanding = await tool(questionUnderstand, { question: input.question });
    return { output: { understanding } };
  },
};
