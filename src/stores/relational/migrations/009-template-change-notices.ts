import type { Migration } from './index.js';

/**
 * A notice on `cqks_templates` (payload: the schema) whenever what the template matcher reads
 * changes: a query becomes, stops being or is deleted as an approved template, or an approved
 * one gets other match data. Every process keeps approved templates' match data in memory
 * and forgets it on the notice, whichever process made the change. Counters moving on reuse
 * notify nothing.
 */
export const m009TemplateChangeNotices: Migration = {
  version: 9,
  name: 'template-change-notices',
  sql: `
    CREATE FUNCTION notify_template_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('cqks_templates', TG_TABLE_SCHEMA);
      RETURN NULL;
    END;
    $$;

    CREATE TRIGGER queries_template_inserted AFTER INSERT ON queries
      FOR EACH ROW WHEN (NEW.status = 'approved')
      EXECUTE FUNCTION notify_template_change();

    CREATE TRIGGER queries_template_updated AFTER UPDATE ON queries
      FOR EACH ROW WHEN (
        (OLD.status = 'approved' OR NEW.status = 'approved')
        AND (OLD.status, OLD.match_key, OLD.pattern, OLD.template_cypher, OLD.template_parameters, OLD.question)
            IS DISTINCT FROM (NEW.status, NEW.match_key, NEW.pattern, NEW.template_cypher, NEW.template_parameters, NEW.question))
      EXECUTE FUNCTION notify_template_change();

    CREATE TRIGGER queries_template_deleted AFTER DELETE ON queries
      FOR EACH ROW WHEN (OLD.status = 'approved')
      EXECUTE FUNCTION notify_template_change();
  `,
};
