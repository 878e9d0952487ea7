/**
 * A table looked up by words from untrusted text. A plain object literal inherits `constructor`,
 * `toString`, `__proto__`, …: looked up by such a word it answers a function, and `in` says yes.
 * This one has no prototype, so only its own entries are keys.
 */
export function wordTable<T>(entries: Record<string, T>): Readonly<Record<string, T>> {
  return Object.freeze(Object.assign(Object.create(null) as Record<string, T>, entries));
}
