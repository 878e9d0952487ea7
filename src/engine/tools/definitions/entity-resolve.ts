import { z } from 'zod';
import { resolveMentions } from '../../planner/resolve.js';
import type { Candidate, ResolutionMemory } from '../../planner/resolve.js';
import type { Understanding } from '../../planner/understand.js';
import { defineTool } from '../tool.js';

const CandidateSchema = z.object({
  id: z.string(),
  key: z.string().optional(),
  label: z.string(),
  name: z.string(),
  nameProperty: z.string(),
  properties: z.record(z.string(), z.unknown()),
});

/** Links the question's mentions to graph nodes through the store's name search, using what the session remembers. */
export default defineTool({
  name: 'entity_resolve',
  readOnly: true,
  description:
    'Links each mention of a question to graph nodes by name search. Says when a mention names several nodes a person ' +
    'would have to choose between (unless the session remembers the choice) and when it names nothing.',
  input: z
    .object({
      understanding: z.record(z.string(), z.unknown()),
      memory: z.object({
        choices: z.array(z.object({ mention: z.string(), candidate: CandidateSchema })),
        focus: z.array(CandidateSchema),
      }),
    })
    .strict(),
  output: z.object({
    status: z.enum(['resolved', 'ambiguous', 'unknown', 'too_many']),
    max: z.number().int().optional(),
    entities: z.array(z.record(z.string(), z.unknown())).default([]),
    from_memory: z.array(z.string()).default([]),
    mention: z.string().optional(),
    candidates: z.array(CandidateSchema).default([]),
    unknown: z.array(z.string()).default([]),
  }),
  async run({ understanding, memory }, { schema, graph, chat }) {
    const { vocabulary } = await schema.get();
    const result = await resolveMentions(graph, understanding as unknown as Understanding, vocabulary, memory as ResolutionMemory, chat.maxMentions);
    if (result.status === 'too_many') return { status: 'too_many' as const, max: result.max, unknown: [], entities: [], candidates: [], from_memory: [] };
    if (result.status === 'resolved') {
      return { status: 'resolved' as const, entities: result.entities as unknown as Record<string, unknown>[], from_memory: result.fromMemory };
    }
    if (result.status === 'ambiguous') {
      return {
        status: 'ambiguous' as const,
        mention: result.mention.text,
        candidates: result.candidates as Candidate[],
        entities: result.entities as unknown as Record<string, unknown>[],
      };
    }
    return { status: 'unknown' as const, unknown: result.mentions, candidates: result.suggestions };
  },
});
