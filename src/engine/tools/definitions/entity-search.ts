import { z } from 'zod';
import { searchMentions } from '../../../planner/resolve/mention-search.js';
import { UnderstandingSchema } from '../../../planner/resolve/understand.js';
import { MentionSearchSchema } from '../entity-schemas.js';
import { defineTool } from '../tool.js';

/** Looks up, by name, what each mention of a question may name in the graph. */
export default defineTool({
  name: 'entity_search',
  readOnly: true,
  description:
    'Looks up each mention of a question in the graph by name search (a name split over several words is joined, ' +
    '"A and B" names two things) and lists the nodes each may name; suggests nodes when nothing named is found. ' +
    'A question naming more things than CHAT_MAX_MENTIONS allows is refused before any search.',
  input: z.object({ understanding: UnderstandingSchema }).strict(),
  output: MentionSearchSchema,
  async run({ understanding }, { schema, graph, chat }) {
    const { vocabulary, lexicon } = await schema.get();
    const search = await searchMentions(graph, understanding, vocabulary, chat.maxMentions, lexicon);
    return search.status === 'too_many' ? { status: 'too_many' as const, max: search.max } : search;
  },
});
