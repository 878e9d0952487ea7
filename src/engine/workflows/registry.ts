import { z } from 'zod';
import { loadDefinitions } from '../definitions-loader.js';
import type { ToolRegistry } from '../tools/registry.js';
import type { WorkflowDefinition } from './workflow.js';

const isWorkflow = (value: unknown): value is WorkflowDefinition =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as WorkflowDefinition).id === 'string' &&
  Array.isArray((value as WorkflowDefinition).nodes) &&
  (value as WorkflowDefinition).input instanceof z.ZodType;

const ID = /^[a-z][a-z0-9_]{0,63}$/;

/**
 * The workflows this process can run: those of `src/engine/workflows/definitions/` and those
 * modules register. Each is checked as it is registered (ids, nodes), and `verify` checks, once
 * every module has registered its own, that every tool a workflow names exists.
 */
export class WorkflowRegistry {
  private readonly workflows = new Map<string, WorkflowDefinition>();

  constructor(
    workflows: readonly WorkflowDefinition[],
    private readonly tools: ToolRegistry,
  ) {
    this.register(...workflows);
  }

  register(...workflows: readonly WorkflowDefinition[]): void {
    for (const workflow of workflows) {
      const where = `workflow ${JSON.stringify(workflow.id)}`;
      if (!ID.test(workflow.id)) throw new Error(`${where}: the id must be snake_case`);
      if (this.workflows.has(workflow.id)) throw new Error(`${where} is registered twice`);
      if (workflow.nodes.length === 0) throw new Error(`${where} has no nodes`);
      const nodeIds = new Set<string>();
      for (const node of workflow.nodes) {
        if (!ID.test(node.id)) throw new Error(`${where}: node id ${JSON.stringify(node.id)} must be snake_case`);
        if (nodeIds.has(node.id)) throw new Error(`${where}: node ${node.id} appears twice`);
        nodeIds.add(node.id);
      }
      this.workflows.set(workflow.id, workflow);
    }
  }

  /** Throws when a workflow names a tool nobody registered. */
  verify(): void {
    for (const workflow of this.workflows.values()) {
      for (const node of workflow.nodes) {
        for (const { name, input, output } of node.tools) {
          const tool = this.tools.get(name);
          if (!tool) throw new Error(`workflow ${JSON.stringify(workflow.id)}: node ${node.id} uses the unknown tool ${name}`);
          // A step's calls are typed by the contract it names: the tool registered under that name must validate by the same schemas.
          if (tool.input !== input || tool.output !== output) throw new Error(`workflow ${JSON.stringify(workflow.id)}: node ${node.id}: the tool ${name} does not implement the contract the node names`);
        }
      }
    }
  }

  /** The workflows in `src/engine/workflows/definitions/`, one per file, plus `extra` (tests add their own). */
  static async load(tools: ToolRegistry, extra: readonly WorkflowDefinition[] = []): Promise<WorkflowRegistry> {
    const found = await loadDefinitions(new URL('./definitions/', import.meta.url), isWorkflow);
    return new WorkflowRegistry([...found, ...extra], tools);
  }

  list(): WorkflowDefinition[] {
    return [...this.workflows.values()].sort((a, b) => a.id.localeCompare(b.id));
  }

  get(id: string): WorkflowDefinition | undefined {
    return this.workflows.get(id);
  }

  /** The tools a workflow uses, each once, in the order its nodes name them. */
  toolsOf(workflow: WorkflowDefinition): string[] {
    return [...new Set(workflow.nodes.flatMap((n) => n.tools.map((t) => t.name)))];
  }

  usingTool(toolName: string): WorkflowDefinition[] {
    return this.list().filter((w) => w.nodes.some((n) => n.tools.some((t) => t.name === toolName)));
  }
}
