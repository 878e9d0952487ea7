import fp from 'fastify-plugin';
import type { Engine } from '../../engine/engine.js';
import type { RunService } from '../runs/service.js';
import { workflowRoutes } from './routes.js';
import { RegistryService } from './service.js';

/** The registered workflows and tools as the API lists them, and running a workflow. */
export function createWorkflowsModule(deps: { engine: Pick<Engine, 'workflows' | 'tools'>; runs: RunService }) {
  const registry = new RegistryService({ workflows: deps.engine.workflows, tools: deps.engine.tools });
  return { plugin: fp(async (app) => app.register(workflowRoutes, { registry, runs: deps.runs }), { name: 'workflows' }) };
}
