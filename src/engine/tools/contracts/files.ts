import { z } from 'zod';
import { defineContract } from '../tool.js';

/** `file_write` (built by the runs module): one file of the current run. */
export const fileWrite = defineContract({
  name: 'file_write',
  input: z
    .object({
      path: z.string().min(1).max(2048),
      content: z.string(),
      encoding: z.enum(['utf8', 'base64']).default('utf8'),
    })
    .strict(),
  output: z.object({
    path: z.string(),
    name: z.string(),
    content_type: z.string(),
    size: z.number().int(),
    sha256: z.string(),
  }),
});
