import { z } from 'zod';
import { decideMentions } from '../../../planner/resolve/resolve.js';
import type { MentionSearch } from '../../../planner/resolve/mention-search.js';
import type { ResolutionMemory } from '../../../planner/resolve/resolve.js';
import { UnderstandingSchema } from '../../../planner/resolve/understand.js';
import { CandidateSchema, MentionSearchSchema, RelationshipValueSchema, ResolvedEntitySchema } from '../entity-schemas.js';
import { defineTool } from '../tool.js';

/** Decides what each searched mention names, with what the session remembers when that decides it. */
export default defineTool({
  name: 'entity_resolve',
  readOnly: true,
  description:
    'Links each mention entity_search found to one node. Says when a mention names several nodes a person would have ' +
    'to choose between (unless the session remembers the choice) and when the question names nothing the graph has; ' +
    'a pronoun with nothing named refers to the thing last talked about. Without `memory`, says `needs_memory` where ' +
    'the session’s memories would decide.',
  input: z
    .object({
      understanding: UnderstandingSchema,
      search: MentionSearchSchema,
      memory: z
        .object({
          choices: z.array(z.object({ mention: z.string(), candidate: CandidateSchema })),
          focus: z.array(CandidateSchema),
        })
        .optional(),
    })
    .strict(),
  output: z.object({
    status: z.enum(['resolved', 'ambiguous', 'unknown', 'too_many', 'needs_memory']),
    max: z.number().int().optional(),
    entities: z.array(ResolvedEntitySchema).default([]),
    from_memory: z.array(z.string()).default([]),
    mention: z.string().optional(),
    candidates: z.array(CandidateSchema).default([]),
    unknown: z.array(z.string()).default([]),
    values: z.array(RelationshipValueSchema).default([]).describe('Mentions that are values of a relationship’s property ("CEO": a role).'),
  }),
  async run({ understanding, search, memory }, { schema }) {
    if (search.status === 'too_many') return { status: 'too_many' as const, max: search.max };
    const { vocabulary } = await schema.get();
    const result = decideMentions(
      search as Extract<MentionSearch, { status: 'searched' }>,
      understanding,
      vocabulary,
      memory as ResolutionMemory | undefined,
    );
    switch (result.status) {
      case 'resolved':
        return { status: 'resolved' as const, entities: result.entities, from_memory: result.fromMemory, values: result.values ?? [] };
      case 'ambiguous':
        return { status: 'ambiguous' as const, mention: result.mention.text, candidates: result.candidates, entities: result.entities };
      case 'unknown':
        return { status: 'unknown' as const, unknown: result.mentions, candidates: result.suggestions };
      case 'too_many':
        return { status: 'too_many' as const, max: result.max };
      case 'needs_memory':
        return { status: 'needs_memory' as const };
    }
  },
});
