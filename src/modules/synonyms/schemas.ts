import { z } from 'zod';
import { pageOf } from '../../platform/schemas.js';

/** Longest synonym, in characters. */
export const SYNONYM_WORD_MAX = 60;

export const SynonymSchema = z
  .object({
    synonym_id: z.string().describe('The synonym’s id.').meta({ example: '1' }),
    word: z.string().describe('The word or words a question may use, in lower case.').meta({ example: 'staff member' }),
    stands_for: z.string().describe('The label, relationship type or property key of the graph it stands for, as the schema names it.').meta({ example: 'Person' }),
    kind: z.enum(['label', 'relationship', 'property']).describe('What `stands_for` is.'),
    created_by: z.string().describe('The curator who added it.'),
    created_at: z.iso.datetime({ offset: true }).describe('When it was added.'),
  })
  .meta({ id: 'Synonym', description: 'A word a deployment’s users say for one of the graph’s names; the planner and the template matcher read it.' });

export const SynonymPageSchema = pageOf(SynonymSchema).meta({ id: 'SynonymPage' });

export const CreateSynonymRequestSchema = z
  .object({
    word: z
      .string()
      .trim()
      .min(2)
      .max(SYNONYM_WORD_MAX)
      .regex(/^[\p{L}\p{N}][\p{L}\p{N}' -]*$/u, 'letters, digits, spaces, hyphens and apostrophes')
      .describe('The word or words a question may use ("vessel", "works for"); matched by lemma, whatever its case.')
      .meta({ example: 'staff member' }),
    stands_for: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .describe('A label, relationship type or property key of the graph, exactly as the schema names it (422 otherwise).')
      .meta({ example: 'Person' }),
  })
  .strict();

export const SynonymIdParamsSchema = z.object({
  synonym_id: z.string().regex(/^\d{1,18}$/, 'a synonym id').describe('The synonym’s id.').meta({ example: '1' }),
});
