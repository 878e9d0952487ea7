import { fold } from '../../../planner/read/words.js';
import { templateMatch } from '../../../engine/tools/contracts/queries.js';
import { QueryParametersSchema } from '../../../engine/tools/query-parameters.js';
import { defineTool } from '../../../engine/tools/tool.js';
import type { TemplateService } from '../templates.js';

/** `(x:Label {key: $param})`: a node a template looks up by a parameter. */
const NODE_BY_PARAMETER = /\(\s*\w*\s*:\s*`?(\w+)`?\s*\{\s*`?\w+`?\s*:\s*\$(\w+)\s*\}\s*\)/g;

/**
 * Whether the values a template captured name things of the labels it looks them up by:
 * "companies located in Germany" must not reuse "companies located in Berlin" when Germany is
 * a country and the template looks for a city.
 */
function labelsAgree(cypher: string, parameters: Record<string, unknown>, entities: { name: string; label: string }[]): string | undefined {
  for (const [, label, parameter] of cypher.matchAll(NODE_BY_PARAMETER)) {
    const value = parameters[parameter!];
    if (typeof value !== 'string') continue;
    const entity = entities.find((e) => fold(e.name).trim() === fold(value).trim());
    if (entity && entity.label !== label) return `${value} is a ${entity.label}; the template looks for a ${label}`;
  }
  return undefined;
}

/** Asks the template matcher for an approved template answering the question, with the values it captured. */
export function templateMatchTool({ templates }: { templates: TemplateService }) {
  return defineTool({
    ...templateMatch,
    readOnly: true,
    description: 'Finds an approved template whose question pattern fits the question and fills its parameters from it.',
    async run({ understanding, entities }) {
      const match = await templates.match({ text: understanding.question, tokens: understanding.tokens }, entities);
      if (!match.matched) return { matched: false, score: match.score, reason: match.reason };
      const disagreement = labelsAgree(match.cypher, match.parameters, entities);
      if (disagreement) return { matched: false, score: match.score, reason: `template ${match.template_id} does not fit: ${disagreement}` };
      return { matched: true, template_id: match.template_id, cypher: match.cypher, parameters: QueryParametersSchema.parse(match.parameters), score: match.score, reason: match.reason };
    },
  });
}
