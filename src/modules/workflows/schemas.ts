import { z } from 'zod';
import { PageQuerySchema, pageOf } from '../../platform/schemas.js';

const JsonSchemaObject = z.record(z.string(), z.unknown()).describe('A JSON Schema (draft 2020-12).');

export const WorkflowSchema = z
  .object({
    id: z.string().describe('What `POST /api/v1/aim/workflows/execute` names.'),
    name: z.string(),
    description: z.string(),
    version: z.string().describe('Changes when its nodes change meaning; runs are resumed only on the version they started on.'),
    input_schema: JsonSchemaObject.describe('The input `execute` accepts, as JSON Schema.'),
    nodes: z
      .array(
        z.object({
          id: z.string(),
          description: z.string(),
          tools: z.array(z.string()),
          replayable: z.boolean().describe('Running it again is harmless, so a run may commit it together with later steps and redo it after a crash.'),
        }),
      )
      .describe('Its steps, in the order they run, each with the tools it may call.'),
    tools: z.array(z.string()).describe('Every tool it uses.'),
  })
  .meta({ id: 'Workflow' });

export const ToolSchema = z
  .object({
    name: z.string(),
    description: z.string(),
    input_schema: JsonSchemaObject,
    output_schema: JsonSchemaObject,
    timeout_ms: z.number().int().describe('Time limit of one call.'),
    read_only: z.boolean().describe('The tool writes nothing: it reads the stores or only computes.'),
    workflows: z.array(z.string()).describe('Ids of the workflows that use it.'),
  })
  .meta({ id: 'Tool' });

export const WorkflowPageSchema = pageOf(WorkflowSchema).meta({ id: 'WorkflowPage' });
export const ToolPageSchema = pageOf(ToolSchema).meta({ id: 'ToolPage' });
export const RegistryPageQuerySchema = PageQuerySchema;

export const ToolNameParamsSchema = z.object({
  tool_name: z.string().min(1).max(64).describe('The tool’s name.'),
});
