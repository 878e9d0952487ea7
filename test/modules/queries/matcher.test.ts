import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../support/app.js';
import { startTestApp } from '../../support/app.js';
import type { TemplateName } from './matcher-cases.js';
import { MATCH_CASES, TEMPLATE_SOURCES } from './matcher-cases.js';

/**
 * The matcher as the conversation uses it: templates recorded and approved through the
 * services (literals become parameters, questions become patterns), questions matched
 * through the index, on PGlite (or PostgreSQL with DATABASE_URL).
 */
describe('template matching through the store', () => {
  let t: TestApp;
  const ids = new Map<TemplateName, number>();

  beforeAll(async () => {
    t = await startTestApp();
    for (const [name, source] of Object.entries(TEMPLATE_SOURCES) as [TemplateName, (typeof TEMPLATE_SOURCES)[TemplateName]][]) {
      const recorded = await t.app.services.templates.record({ question: source.question, cypher: source.cypher, createdBy: 'curator' });
      if (recorded.outcome !== 'queued') throw new Error(`${name} was ${recorded.outcome}`);
      const approved = await t.app.services.queries.approve(recorded.query.id, 'curator');
      ids.set(name, approved.id);
    }
  });
  afterAll(() => t.close());

  it('has at least 30 cases', () => {
    expect(MATCH_CASES.length).toBeGreaterThanOrEqual(30);
  });

  it.each(MATCH_CASES)('%s ← %j', async (name, question, values) => {
    const result = await t.app.services.templates.match(question);
    if (values === null) {
      // Only sharing words with this template: it must not be the answer (another template may be).
      if (result.matched) expect(result.template_id, result.reason).not.toBe(ids.get(name));
      else expect(result.reason).toEqual(expect.any(String));
      return;
    }
    expect(result, JSON.stringify(result)).toMatchObject({ matched: true, template_id: ids.get(name) });
    if (!result.matched) return;
    for (const [slot, value] of Object.entries(values)) expect(String(result.parameters[slot])).toBe(value);
  });

  it('fills numbers as numbers, so the template runs with them', async () => {
    const result = await t.app.services.templates.match('Which films released after 2000 did Meg Ryan act in?');
    expect(result).toMatchObject({ matched: true, parameters: { released: 2000, name: 'Meg Ryan' } });
  });
});
