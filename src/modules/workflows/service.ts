import { z } from 'zod';
import type { ToolRegistry } from '../../engine/tools/registry.js';
import type { WorkflowRegistry } from '../../engine/workflows/registry.js';
import { decodeCursor, keysetPage } from '../../platform/pagination.js';
import { notFound } from '../../platform/problem.js';
import type { ToolSchema, WorkflowSchema } from './schemas.js';

type Workflow = z.infer<typeof WorkflowSchema>;
type Tool = z.infer<typeof ToolSchema>;

/** JSON Schema of what a caller sends (defaults optional), as OpenAPI 3.1 understands it. */
function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' });
  return rest;
}

/** One page of an id-sorted list; the cursor is the last id. */
function pageOf<T>(items: T[], key: (item: T) => string, query: { limit: number; cursor?: string }) {
  const after = query.cursor ? String(decodeCursor(query.cursor, ['string'])[0]) : undefined;
  const rest = after === undefined ? items : items.filter((item) => key(item) > after);
  const { page, next_cursor } = keysetPage(rest, query.limit, (item) => [key(item)]);
  return { items: page, next_cursor };
}

/**
 * The registries as the API shows them. Both are fixed once the process starts, so their
 * JSON form (schemas included) is built once, not per request.
 */
export class RegistryService {
  private readonly workflowList: Workflow[];
  private readonly toolList: Tool[];

  constructor(workflows: WorkflowRegistry, tools: ToolRegistry) {
    this.workflowList = workflows
      .list()
      .map((w) => ({
        id: w.id,
        name: w.name,
        description: w.description,
        version: w.version,
        input_schema: jsonSchemaOf(w.input, 'input'),
        nodes: w.nodes.map((n) => ({ id: n.id, description: n.description, tools: [...n.tools], replayable: n.replayable === true })),
        tools: workflows.toolsOf(w),
      }))
      .sort((a, b) => (a.id < b.id ? -1 : 1));
    this.toolList = tools
      .list()
      .map((t) => ({
        name: t.name,
        description: t.description,
        input_schema: jsonSchemaOf(t.input, 'input'),
        output_schema: jsonSchemaOf(t.output, 'output'),
        timeout_ms: tools.timeoutOf(t),
        read_only: t.readOnly === true,
        workflows: workflows.usingTool(t.name).map((w) => w.id),
      }))
      .sort((a, b) => (a.name < b.name ? -1 : 1));
  }

  workflows(query: { limit: number; cursor?: string }) {
    return pageOf(this.workflowList, (w) => w.id, query);
  }

  tools(query: { limit: number; cursor?: string }) {
    return pageOf(this.toolList, (t) => t.name, query);
  }

  workflowsUsing(toolName: string, query: { limit: number; cursor?: string }) {
    const tool = this.toolList.find((t) => t.name === toolName);
    if (!tool) throw notFound(`No tool ${toolName}`);
    return pageOf(
      this.workflowList.filter((w) => tool.workflows.includes(w.id)),
      (w) => w.id,
      query,
    );
  }
}
