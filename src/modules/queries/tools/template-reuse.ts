import { templateReuse } from '../../../engine/tools/contracts/queries.js';
import { defineTool } from '../../../engine/tools/tool.js';
import type { TemplateService } from '../templates.js';

/** Counts one reuse of a template by this session (its counters move; nothing is queued). */
export function templateReuseTool({ templates }: { templates: TemplateService }) {
  return defineTool({
    ...templateReuse,
    description: 'Records that a session reused an approved template: its reuse count and last use move.',
    async run({ template_id }, { sessionId }) {
      const template = await templates.reuse(template_id, sessionId);
      if (!template?.template) return { counted: false };
      return { counted: true, reuse_count: template.template.reuse_count };
    },
  });
}
