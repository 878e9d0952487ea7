import { invalidGraphCall } from './errors.js';
import type { FindNodesOptions, JsonValue, QueryParams, ReadOptions } from './port.js';

/** Checks what both adapters take from callers before a query runs: limits, parameters, search options. */

export interface Limits {
  timeoutMs: number;
  maxRows: number;
}

const positiveInt = (value: unknown, name: string, max: number): number => {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > max) {
    throw invalidGraphCall(`${name} must be an integer from 1 to ${max}`, [{ path: name, message: `must be an integer from 1 to ${max}` }]);
  }
  return value;
};

export function resolveLimits(opts: ReadOptions | undefined, defaults: Limits): Limits {
  return {
    timeoutMs: opts?.timeoutMs === undefined ? defaults.timeoutMs : positiveInt(opts.timeoutMs, 'timeoutMs', 3_600_000),
    maxRows: opts?.maxRows === undefined ? defaults.maxRows : positiveInt(opts.maxRows, 'maxRows', 1_000_000),
  };
}

function checkJson(value: unknown, path: string, depth: number): JsonValue {
  if (depth > 32) throw invalidGraphCall('parameters are nested too deeply', [{ path, message: 'nested too deeply' }]);
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw invalidGraphCall('parameters must be finite numbers', [{ path, message: 'not a finite number' }]);
    return value;
  }
  if (Array.isArray(value)) return value.map((v, i) => checkJson(v, `${path}[${i}]`, depth + 1));
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, JsonValue> = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = checkJson(v, `${path}.${k}`, depth + 1);
    return out;
  }
  throw invalidGraphCall('parameters must be plain JSON values', [{ path, message: `unsupported value of type ${typeof value}` }]);
}

/** Parameters are plain JSON, nothing else reaches an engine. */
export function checkParams(params: unknown): QueryParams {
  if (params === undefined || params === null) return {};
  if (typeof params !== 'object' || Array.isArray(params)) throw invalidGraphCall('parameters must be an object', [{ path: 'params', message: 'must be an object' }]);
  return checkJson(params, 'params', 0) as QueryParams;
}

export function resolveFindOptions(opts: FindNodesOptions | undefined): { labels: string[]; limit: number } {
  const limit = opts?.limit === undefined ? 10 : positiveInt(opts.limit, 'limit', 100);
  const labels = opts?.labels ?? [];
  if (!Array.isArray(labels) || labels.some((l) => typeof l !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]{0,99}$/.test(l))) {
    throw invalidGraphCall('labels must be identifiers', [{ path: 'labels', message: 'must be a list of identifiers' }]);
  }
  return { labels, limit };
}
