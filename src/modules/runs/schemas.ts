import { z } from 'zod';
import { PageQuerySchema, pageOf } from '../../platform/schemas.js';
import { QUERY_TYPES } from '../../engine/contracts/event-kinds.js';
import { WaitingForSchema } from '../../engine/contracts/input-request.js';
import { PreviewSchema } from './preview.js';
import { RUN_STATUSES, STEP_STATUSES } from '../../engine/runs/store.js';

export const RunStatusSchema = z
  .enum(RUN_STATUSES)
  .describe(
    'queued: waiting for a worker. running: a worker executes it. awaiting_input: a step asked a question ' +
      '(see `waiting_for`). succeeded, failed, cancelled: finished.',
  );

export const RunIdParamsSchema = z.object({ run_id: z.uuid().describe('The run’s id (a UUID).') });

/** `path` comes from the URL's tail (`*`); it is checked by `normalizeRunFilePath`, not here, to give one 400 for every unsafe form. */
export const RunFileParamsSchema = RunIdParamsSchema.extend({
  '*': z.string().describe('The file’s path in the run, e.g. `charts/nodes-per-label.svg`.'),
});


export const RunStepSchema = z
  .object({
    node: z.string().describe('The workflow node this step runs.'),
    status: z.enum(['pending', ...STEP_STATUSES]).describe('pending: not started yet.'),
    attempts: z.number().int().describe('Times the step was started (more than 1 after a takeover or an answer).'),
    query_type: z.enum(QUERY_TYPES).nullable().describe('What query work the step did, once it completed.'),
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
    duration_ms: z.number().nullable().describe('From the last start to the end.'),
    error: z.string().nullable(),
  })
  .meta({ id: 'RunStep' });

export const RunSchema = z
  .object({
    run_id: z.string(),
    session_id: z.string().describe('The session whose stream carries the run’s events.'),
    owner: z.string().describe('Subject of the user who started it.'),
    workflow: z.string(),
    workflow_version: z.string(),
    status: RunStatusSchema,
    input: z.record(z.string(), z.unknown()),
    steps: z.array(RunStepSchema).describe('Every node of the workflow, in order.'),
    waiting_for: WaitingForSchema.nullable().describe('The open question while the run is awaiting_input.'),
    output: z.record(z.string(), z.unknown()).nullable().describe('What the run produced, once it succeeded.'),
    error: z
      .object({ code: z.string(), message: z.string(), node: z.string().optional() })
      .nullable()
      .describe('Why it failed (`worker_lost`, `workflow_unavailable`, `workflow_changed`, `tool_timeout`, `step_failed`, …).'),
    attempts: z.number().int().describe('Times a worker started or resumed it.'),
    created_at: z.string(),
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
  })
  .meta({ id: 'Run' });

export const ExecuteWorkflowRequestSchema = z
  .object({
    workflow: z.string().min(1).max(64).describe('The workflow’s id (see `GET /api/v1/aim/workflows`).'),
    input: z.record(z.string(), z.unknown()).default({}).describe('The workflow’s input; checked against its input schema.'),
    session_id: z.uuid().optional().describe('Run in this session (yours); a new session is created without it.'),
  })
  .meta({ id: 'ExecuteWorkflowRequest' });

export const ExecuteWorkflowResponseSchema = z
  .object({
    run_id: z.string().describe('Follow it with `GET /api/v1/runs/{run_id}` or the session’s stream.'),
    session_id: z.string(),
  })
  .meta({ id: 'ExecuteWorkflowResponse' });

export const RunInputRequestBodySchema = z
  .object({
    answer: z
      .unknown()
      .refine((v) => v !== undefined, 'required')
      .describe('The answer: the chosen option’s `id` when the question has options, otherwise any JSON value.'),
  })
  .meta({ id: 'RunInputAnswer' });

export const RunFileSchema = z
  .object({
    path: z.string().describe('Relative path in the run (folders allowed).'),
    name: z.string().describe('The last part of the path.'),
    content_type: z.string(),
    size: z.number().int().describe('Bytes.'),
    sha256: z.string().describe('Hex SHA-256 of the bytes; the download’s `ETag`.'),
    node: z.string().nullable().describe('The step that wrote it.'),
    created_at: z.string(),
  })
  .meta({ id: 'RunFile' });

export const RunFilePageSchema = pageOf(RunFileSchema).meta({ id: 'RunFilePage' });
export const RunFileListQuerySchema = PageQuerySchema;

export const RunFilePreviewResponseSchema = z
  .object({
    path: z.string(),
    content_type: z.string(),
    size: z.number().int(),
    preview: PreviewSchema,
  })
  .meta({ id: 'RunFilePreviewResponse' });
