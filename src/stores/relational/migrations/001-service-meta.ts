import type { Migration } from './index.js';

/** Facts about this deployment (when its schema was created, ...), kept as key/value rows. */
export const m001ServiceMeta: Migration = {
  version: 1,
  name: 'service-meta',
  sql: `
    CREATE TABLE service_meta (
      key        text PRIMARY KEY,
      value      jsonb NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    INSERT INTO service_meta (key, value) VALUES ('schema_created_at', to_jsonb(now()));
  `,
};
