import { ProblemError } from '../../../platform/problem.js';
import { templateLoad } from '../../../engine/tools/contracts/queries.js';
import { QueryParametersSchema } from '../../../engine/tools/query-parameters.js';
import { defineTool } from '../../../engine/tools/tool.js';
import type { QueryService } from '../service.js';

/** An approved template, ready to run: its Cypher and its parameters with the given values bound. */
export function templateLoadTool({ queries }: { queries: QueryService }) {
  return defineTool({
    ...templateLoad,
    readOnly: true,
    description:
      'Loads an approved query template and binds its named parameters: given values replace the template’s example ' +
      'values; a value for a parameter the template does not have is an error.',
    async run({ template_id, parameters }) {
      const query = await queries.get(template_id).catch((error: unknown) => {
        if (error instanceof ProblemError && error.status === 404) throw new Error(`there is no query ${template_id}`);
        throw error;
      });
      if (!query.template) throw new Error(`query ${template_id} is ${query.status}, not an approved template`);
      const known = new Map(query.template.parameters.map((p) => [p.name, p.example]));
      const unknown = Object.keys(parameters).filter((name) => !known.has(name));
      if (unknown.length > 0) {
        throw new Error(
          `template ${template_id} has no parameter ${unknown.join(', ')}; it has ${[...known.keys()].join(', ') || 'none'}`,
        );
      }
      return {
        template_id,
        question: query.question,
        cypher: query.template.cypher,
        parameters: QueryParametersSchema.parse({ ...Object.fromEntries(known), ...parameters }),
      };
    },
  });
}
