import { describe, expect, it } from 'vitest';
import { ProblemError } from '../../../src/platform/problem.js';
import {
  RUN_FILE_PATH_MAX,
  RUN_FILE_SEGMENT_MAX,
  contentTypeFor,
  normalizeRunFilePath,
} from '../../../src/modules/runs/file-paths.js';

/** Paths as Fastify hands them over (already percent-decoded once). */
const HOSTILE: ReadonlyArray<{ name: string; path: string }> = [
  { name: 'empty', path: '' },
  { name: 'dot-dot', path: '..' },
  { name: 'dot', path: '.' },
  { name: 'three dots', path: '...' },
  { name: 'leading ./', path: './a' },
  { name: 'inner /./', path: 'a/./b' },
  { name: 'escaping ../..', path: 'a/../../b' },
  { name: 'parent then name', path: '../x' },
  { name: 'inner dot-dot that stays inside', path: 'a/b/../c' },
  { name: 'trailing dot-dot', path: 'a/..' },
  { name: 'encoded dot-dot (lower)', path: '%2e%2e/x' },
  { name: 'encoded dot-dot (mixed case)', path: '%2E%2e/' },
  { name: 'dot-dot with encoded slash', path: '..%2fx' },
  { name: 'double-encoded dot-dot', path: '%252e%252e%252fx' },
  { name: 'encoded backslash', path: '..%5cx' },
  { name: 'literal percent', path: '100%.txt' },
  { name: 'backslash', path: 'a\\b' },
  { name: 'backslash traversal', path: '..\\..\\x' },
  { name: 'absolute', path: '/etc/passwd' },
  { name: 'UNC', path: '//server/share' },
  { name: 'drive with backslash', path: 'C:\\Windows' },
  { name: 'drive with slash', path: 'C:/x' },
  { name: 'drive relative', path: 'c:x' },
  { name: 'NUL', path: 'a\u0000b' },
  { name: 'newline', path: 'a\nb' },
  { name: 'tab', path: 'a\tb' },
  { name: 'DEL', path: 'a\u007fb' },
  { name: 'C1 control', path: 'a\u0085b' },
  { name: 'zero-width space', path: 'a\u200bb' },
  { name: 'right-to-left override', path: 'evil\u202Etxt.exe' },
  { name: 'byte order mark', path: '\ufeffa.txt' },
  { name: 'soft hyphen', path: 'a\u00adb' },
  { name: 'lone surrogate', path: 'a\ud800b' },
  { name: 'no-break space', path: 'a\u00a0b' },
  { name: 'ideographic space', path: 'a\u3000b' },
  { name: 'line separator', path: 'a\u2028b' },
  { name: 'private use', path: 'a\ue000b' },
  { name: 'fullwidth dots and solidus', path: '．．／x' },
  { name: 'fullwidth reverse solidus', path: 'a＼b' },
  { name: 'fullwidth full stop alone', path: 'a/．．' },
  { name: 'one-dot leader', path: '\u2024\u2024/x' },
  { name: 'horizontal ellipsis', path: 'a\u2026' },
  { name: 'small full stop', path: '\ufe52\ufe52/x' },
  { name: 'fullwidth percent', path: '％2e％2e/x' },
  { name: 'fullwidth colon drive', path: 'Ｃ：x' },
  { name: 'empty segment', path: 'a//b' },
  { name: 'trailing slash', path: 'a/' },
  { name: 'only a slash', path: '/' },
  { name: 'trailing dot', path: 'report.' },
  { name: 'trailing space', path: 'report.md ' },
  { name: 'leading space', path: ' report.md' },
  { name: 'too long path', path: `${'a/'.repeat(256)}b` },
  { name: 'very long path', path: 'a'.repeat(100_000) },
  { name: 'too long segment', path: `x/${'b'.repeat(RUN_FILE_SEGMENT_MAX + 1)}` },
];

const LEGAL: ReadonlyArray<{ path: string; canonical: string }> = [
  { path: 'report.md', canonical: 'report.md' },
  { path: 'data/rows.csv', canonical: 'data/rows.csv' },
  { path: 'charts/2024 q1.svg', canonical: 'charts/2024 q1.svg' },
  { path: 'nai\u0308ve.txt', canonical: 'na\u00efve.txt' },
  { path: 'na\u00efve.txt', canonical: 'na\u00efve.txt' },
  { path: 'a...b.txt', canonical: 'a...b.txt' },
  { path: '.hidden', canonical: '.hidden' },
  { path: 'a/b/c/d.json', canonical: 'a/b/c/d.json' },
  { path: 'dossier/résumé (final)_v2-#1.pdf', canonical: 'dossier/résumé (final)_v2-#1.pdf' },
  { path: '報告/図.png', canonical: '報告/図.png' },
  { path: 'time 12:00.log', canonical: 'time 12:00.log' },
  { path: 'x'.repeat(RUN_FILE_SEGMENT_MAX), canonical: 'x'.repeat(RUN_FILE_SEGMENT_MAX) },
  {
    path: `${'a/'.repeat((RUN_FILE_PATH_MAX - 1) / 2)}b`,
    canonical: `${'a/'.repeat((RUN_FILE_PATH_MAX - 1) / 2)}b`,
  },
];

const refusal = (path: string): ProblemError => {
  try {
    normalizeRunFilePath(path);
  } catch (error) {
    expect(error).toBeInstanceOf(ProblemError);
    return error as ProblemError;
  }
  throw new Error(`accepted ${JSON.stringify(path)}`);
};

describe('normalizeRunFilePath: hostile paths', () => {
  it('has a table of at least 30 hostile paths', () => {
    expect(HOSTILE.length).toBeGreaterThanOrEqual(30);
  });

  it.each(HOSTILE)('refuses $name', ({ path }) => {
    const problem = refusal(path);
    expect(problem.status).toBe(400);
    expect(problem.slug).toBe('invalid-request');
    expect(problem.errors).toHaveLength(1);
    expect(problem.errors?.[0]?.path).toBe('params.path');
    expect(problem.errors?.[0]?.message.length).toBeGreaterThan(5);
  });

  it('does not echo the raw path in the problem', () => {
    const problem = refusal('../\u0000secret');
    expect(problem.detail).not.toContain('secret');
  });
});

describe('normalizeRunFilePath: legal paths', () => {
  it.each(LEGAL)('accepts $path', ({ path, canonical }) => {
    expect(normalizeRunFilePath(path)).toBe(canonical);
  });

  it('measures the length limit after NFC normalization, in code points', () => {
    // 512 decomposed "ï" (1024 UTF-16 units) become 512 code points.
    const segment = 'i\u0308'.repeat(170);
    expect(normalizeRunFilePath(`${segment}/${segment}/${segment}`)).toHaveLength(512);
    expect(() => normalizeRunFilePath(`${segment}/${segment}/${segment}i`)).toThrow(ProblemError);
  });

  it('is idempotent', () => {
    for (const { canonical } of LEGAL) expect(normalizeRunFilePath(canonical)).toBe(canonical);
  });
});

describe('contentTypeFor', () => {
  it.each([
    ['report.md', 'text/markdown; charset=utf-8'],
    ['notes.txt', 'text/plain; charset=utf-8'],
    ['data/rows.csv', 'text/csv; charset=utf-8'],
    ['out.json', 'application/json'],
    ['charts/2024 q1.svg', 'image/svg+xml'],
    ['a.png', 'image/png'],
    ['a.jpg', 'image/jpeg'],
    ['a.JPEG', 'image/jpeg'],
    ['a.gif', 'image/gif'],
    ['a.webp', 'image/webp'],
    ['a.pdf', 'application/pdf'],
    ['page.html', 'text/plain; charset=utf-8'],
    ['page.htm', 'text/plain; charset=utf-8'],
    ['script.js', 'text/plain; charset=utf-8'],
    ['archive.tar.gz', 'application/octet-stream'],
    ['Makefile', 'application/octet-stream'],
    ['.env', 'application/octet-stream'],
    ['dir.md/file', 'application/octet-stream'],
  ])('%s → %s', (path, type) => {
    expect(contentTypeFor(path)).toBe(type);
  });
});
