import { z } from 'zod';

export const LivenessSchema = z
  .object({ status: z.literal('ok').describe('Always `ok` while the process serves requests.') })
  .meta({ id: 'Liveness' });

export const ComponentStatusSchema = z.object({
  status: z.enum(['up', 'down']).describe('Whether the component answered within the readiness time limit.'),
  engine: z.string().optional().describe('Which engine backs the component (postgres, pglite, neo4j, grafeo, redis).'),
  latency_ms: z.number().describe('How long the check took, in milliseconds.'),
  error: z.string().optional().describe('Why the component is down.'),
});

export const ReadinessSchema = z
  .object({
    status: z.literal('ready').describe('Always `ready` with a 200: every component answered.'),
    components: z.record(z.string(), ComponentStatusSchema).describe('One entry per store the service uses.'),
  })
  .meta({ id: 'Readiness' });
