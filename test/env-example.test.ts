import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { envSchema, loadConfig } from '../src/config.js';

/** .env.example and the README's table list exactly the variables the config reads, with its defaults. */
describe('documented settings', () => {
  const names = Object.keys(envSchema.shape).sort();

  it('.env.example names every variable, with a comment, and its values are the defaults', async () => {
    const text = await readFile(new URL('../.env.example', import.meta.url), 'utf8');
    const lines = text.split('\n');
    const entries = lines.flatMap((line, i) => {
      const m = /^([A-Z0-9_]+)=(.*)$/.exec(line);
      return m ? [{ name: m[1]!, value: m[2]!, comment: lines[i - 1] ?? '' }] : [];
    });
    expect(entries.map((e) => e.name).sort()).toEqual(names);
    for (const entry of entries) expect(entry.comment, entry.name).toMatch(/^# \S/);
    const fromExample = loadConfig(Object.fromEntries(entries.map((e) => [e.name, e.value])));
    expect(fromExample).toEqual(loadConfig({}));
  });

  it('the README table names every variable', async () => {
    const readme = await readFile(new URL('../README.md', import.meta.url), 'utf8');
    for (const name of names) expect(readme, name).toContain(`| \`${name}\``);
  });
});
