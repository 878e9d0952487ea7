/**
 * A parser's answer for a large document holds arrays of tens of thousands of items (rows,
 * chunks, entities). Sent as one IPC message, the parent decodes it in one synchronous step
 * (300 ms and more for a 50,000-row CSV) during which it answers no request. So the child sends
 * every long array in parts first, then the answer without them, and the parent puts them back:
 * each message is small enough to decode between two requests.
 */

/** Items per part message. */
export const RESULT_PART_ITEMS = 1000;
/** How deep into the answer long arrays are looked for (the answer's shape is a few levels deep). */
const MAX_DEPTH = 3;

/** Where a long array sits in the answer: property names from its root. */
export type ResultPath = string[];

export interface ResultPart {
  path: ResultPath;
  items: unknown[];
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;

/**
 * `value` without its long arrays (each replaced by an empty one), and those arrays' items in
 * parts of at most `partItems`, in order. `value` itself is not changed.
 */
export function splitResult(value: unknown, partItems = RESULT_PART_ITEMS): { rest: unknown; parts: ResultPart[] } {
  const parts: ResultPart[] = [];
  const walk = (node: unknown, path: ResultPath): unknown => {
    if (Array.isArray(node) && node.length > partItems && path.length > 0) {
      for (let at = 0; at < node.length; at += partItems) parts.push({ path, items: node.slice(at, at + partItems) });
      return [];
    }
    if (!isPlainObject(node) || path.length >= MAX_DEPTH) return node;
    return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, walk(child, [...path, key])]));
  };
  return { rest: walk(value, []), parts };
}

/** Collects parts as they arrive and puts them back into the answer that follows them. */
export class ResultAssembler {
  private readonly arrays = new Map<string, { path: ResultPath; items: unknown[] }>();

  add(part: ResultPart): void {
    const key = JSON.stringify(part.path);
    const entry = this.arrays.get(key) ?? { path: part.path, items: [] };
    // push in a loop: spreading a long array into push() overflows the stack
    for (const item of part.items) entry.items.push(item);
    this.arrays.set(key, entry);
  }

  assemble(rest: unknown): unknown {
    for (const { path, items } of this.arrays.values()) {
      let node = rest as Record<string, unknown>;
      for (const key of path.slice(0, -1)) {
        if (!isPlainObject(node[key])) throw new Error(`a result part names ${path.join('.')}, which the answer does not have`);
        node = node[key];
      }
      const last = path.at(-1)!;
      if (!Array.isArray(node[last])) throw new Error(`a result part names ${path.join('.')}, which is not a list in the answer`);
      node[last] = items;
    }
    this.arrays.clear();
    return rest;
  }
}
