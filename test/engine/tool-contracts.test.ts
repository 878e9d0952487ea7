import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ToolRegistry } from '../../src/engine/tools/registry.js';
import { defineContract, defineTool } from '../../src/engine/tools/tool.js';
import { WorkflowRegistry } from '../../src/engine/workflows/registry.js';
import { defineWorkflow } from '../../src/engine/workflows/workflow.js';

/** A step calls a tool through a contract; the tool registered under its name must validate by the contract's own schemas. */
describe('tool contracts', () => {
  const greet = defineContract({ name: 'test_greet', input: z.object({ name: z.string() }).strict(), output: z.object({ text: z.string() }) });
  const timeouts = { defaultMs: 1000, ingestionMs: 1000 };
  const workflowUsing = (handle: typeof greet) =>
    defineWorkflow({
      id: 'test_greeting',
      name: 'Greeting',
      description: 'Greets.',
      version: '1',
      input: z.object({}).strict(),
      nodes: [{ id: 'greet', description: 'Greets.', tools: [handle], run: async ({ tool }) => ({ output: await tool(handle, { name: 'Ada' }) }) }],
    });

  it('accepts a tool that implements the contract by spreading it', () => {
    const implementation = defineTool({ ...greet, description: 'Greets.', run: async ({ name }) => ({ text: `Hello, ${name}` }) });
    const workflows = new WorkflowRegistry([workflowUsing(greet)], new ToolRegistry([implementation], timeouts));
    expect(() => workflows.verify()).not.toThrow();
    expect(workflows.toolsOf(workflows.get('test_greeting')!)).toEqual(['test_greet']);
  });

  it('refuses at start a tool of the same name whose schemas are not the contract’s (its calls would be typed wrong)', () => {
    const lookalike = defineTool({
      name: 'test_greet',
      description: 'Greets, by other schemas.',
      input: z.object({ name: z.string() }).strict(),
      output: z.object({ greeting: z.string() }),
      run: async ({ name }) => ({ greeting: `Hello, ${name}` }),
    });
    const workflows = new WorkflowRegistry([workflowUsing(greet)], new ToolRegistry([lookalike], timeouts));
    expect(() => workflows.verify()).toThrow(/does not implement the contract/);
  });

  it('refuses at start a workflow naming a tool nobody registered', () => {
    const workflows = new WorkflowRegistry([workflowUsing(greet)], new ToolRegistry([], timeouts));
    expect(() => workflows.verify()).toThrow(/unknown tool test_greet/);
  });
});
