import type { JsonValue } from './port.js';

/** About how many bytes a value takes as JSON, without writing it out (a result may be huge). */
export function jsonSize(value: JsonValue): number {
  if (value === null) return 4;
  switch (typeof value) {
    case 'string':
      return value.length + 2;
    case 'number':
      return 12;
    case 'boolean':
      return 5;
    default:
      if (Array.isArray(value)) return value.reduce<number>((n, v) => n + jsonSize(v) + 1, 2);
      return Object.entries(value).reduce<number>((n, [k, v]) => n + k.length + 3 + jsonSize(v as JsonValue), 2);
  }
}
