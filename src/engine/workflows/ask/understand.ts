import type { WorkflowNode } from '../workflow.js';
import type { AskInput } from './input.js';
import type { Understood } from './outputs.js';

export const understandNode: WorkflowNode<AskInput> = {
  id: 'understand',
  description: 'Finds the kind of question and the mentions of things in it.',
  tools: ['question_understand'],
  replayable: true,
  async run({ tool, input }) {
    const understanding = await tool<Understood['understanding']>('question_understand', { question: input.question });
    return { output: { understanding } };
  },
};
