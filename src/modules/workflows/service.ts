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

function listRegistries(workflows: WorkflowRegistry, tools: ToolRegistry): { workflows: Workflow[]; tools: Tool[] } {
  const workflowList = workflows
    .list()
    .map((w) => ({
      id: w.id,
      name: w.name,
      description: w.description,
      version: w.version,
      input_schema: jsonSchemaOf(w.input, 'input'),
      nodes: w.nodes.map((n) => ({ id: n.id, description: n.description, tools: n.tools.map((t) => t.name), replayable: n.replayable === true })),
      tools: workflows.toolsOf(w),
    }))
    .sort((a, b) => (a.id < b.id ? -1 : 1));
  const toolList = tools
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
  return { workflows: workflowList, tools: toolList };
}

/**
 * The registries as the API shows them. Both are fixed once the process has started (every
 * module registered its own), so their JSON form (schemas included) is built once, at the first
 * request, not per request.
 */
export class RegistryService {
  private lists?: { workflows: Workflow[]; tools: Tool[] };

  constructor(private readonly deps: { workflows: WorkflowRegistry; tools: ToolRegistry }) {}

  private get listed(): { workflows: Workflow[]; tools: Tool[] } {
    this.lists ??= listRegistries(this.deps.workflows, this.deps.tools);
    return this.lists;
  }

  workflows(query: { limit: number; cursor?: string }) {
    return pageOf(this.listed.workflows, (w) => w.id, query);
  }

  tools(query: { limit: number; cursor?: string }) {
    return pageOf(this.listed.tools, (t) => t.name, query);
  }

  workflowsUsing(toolName: string, query: { limit: number; cursor?: string }) {
    const tool = this.listed.tools.find((t) => t.name === toolName);
    if (!tool) throw notFound(`No tool ${toolName}`);
    return pageOf(
      this.listed.workflows.filter((w) => tool.workflows.includes(w.id)),
      (w) => w.id,
      query,
    );
  }
}
