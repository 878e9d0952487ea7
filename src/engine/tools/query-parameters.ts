import { z } from 'zod';

/** A query's `$parameters`: JSON values by name, as the graph store takes them. */
export const QueryParametersSchema = z.record(z.string(), z.json());
