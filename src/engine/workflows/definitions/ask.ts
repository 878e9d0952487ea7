import { defineWorkflow } from '../workflow.js';
import { answerNode } from '../ask/answer.js';
import { executeNode } from '../ask/execute.js';
import { generateNode } from '../ask/generate.js';
import { askInput } from '../ask/input.js';
import { matchTemplateNode } from '../ask/match-template.js';
import { queryOf } from '../ask/outputs.js';
import { recordNode } from '../ask/record.js';
import { resolveNode } from '../ask/resolve.js';
import { reviewNode } from '../ask/review.js';
import { understandNode } from '../ask/understand.js';
import { validateNode } from '../ask/validate.js';

/**
 * The conversation's main workflow: one question in, one answer out. Every step works
 * through registered tools and shows in the session's stream; a step that cannot go on
 * (nothing by that name, no query possible, a refused or rejected query) leaves a `halt`
 * that the later steps pass through and the answer step explains.
 */

export default defineWorkflow({
  id: 'ask',
  name: 'Ask',
  description:
    'Answers a question about the knowledge graph: understands it, links the things it names (asking when a name is ' +
    'ambiguous), reuses an approved template or writes a new read-only query, validates it, waits for a review when the ' +
    'policy asks, runs it, answers in plain language with the rows as CSV and JSON files, and queues a new query for curation.',
  // Every step but the last only reads or writes idempotently, so fast steps share a commit; the
  // curation queue and the template counters are written once, by the last step.
  // Version 5: the understand step's output holds the question's analyzed words, which later steps read instead of analyzing again.
  version: '5',
  input: askInput,
  // One step per file of ../ask/, in the order they run.
  nodes: [understandNode, resolveNode, matchTemplateNode, generateNode, validateNode, reviewNode, executeNode, answerNode, recordNode],
  output(outputs) {
    const answer = outputs.answer ?? {};
    const query = queryOf(outputs);
    return {
      message_id: answer.message_id ?? null,
      text: answer.text ?? null,
      query: query?.cypher ?? null,
      used_template: query ? query.template_id !== null : false,
      files: answer.files ?? [],
      sources: answer.sources ?? [],
    };
  },
});
