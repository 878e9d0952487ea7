import { describe, expect, it } from 'vitest';
import { isSafeImagePath, renderMarkdown, type MarkdownSection } from '../../../src/engine/render/markdown.js';

const renderSection = (section: MarkdownSection): string => renderMarkdown({ title: 'T', sections: [section] });

describe('renderMarkdown', () => {
  it('renders a small document exactly', () => {
    const markdown = renderMarkdown({
      title: 'Weekly report',
      intro: ['Numbers for week 12.', 'Second intro paragraph.'],
      sections: [
        {
          heading: 'Summary',
          paragraphs: ['Queries ran *fine*.'],
          bullets: ['3 runs', '1 failure'],
        },
        {
          heading: 'Top movies',
          table: {
            columns: ['title', 'year', 'rating', 'tags'],
            rows: [
              ['The Matrix', 1999, 8.7, ['sci-fi', 'action']],
              ['Unknown', null, -1.5, { a: 1 }],
            ],
          },
          image: { alt: 'Ratings chart', path: 'charts/ratings.svg' },
        },
      ],
    });
    expect(markdown).toBe(
      [
        '# Weekly report',
        '',
        'Numbers for week 12.',
        '',
        'Second intro paragraph.',
        '',
        '## Summary',
        '',
        'Queries ran \\*fine\\*.',
        '',
        '- 3 runs',
        '- 1 failure',
        '',
        '## Top movies',
        '',
        '| title | year | rating | tags |',
        '| --- | --- | --- | --- |',
        '| The Matrix | 1999 | 8.7 | \\["sci-fi","action"\\] |',
        '| Unknown |  | -1.5 | {"a":1} |',
        '',
        '![Ratings chart](charts/ratings.svg)',
        '',
      ].join('\n'),
    );
  });

  it('ends with exactly one newline and leaves out empty blocks', () => {
    const markdown = renderMarkdown({ title: 'Only', intro: ['', '   '], sections: [{ heading: 'S', paragraphs: [], bullets: [] }] });
    expect(markdown).toBe('# Only\n\n## S\n');
  });

  describe('untrusted text', () => {
    it('escapes HTML as entities', () => {
      const markdown = renderSection({ heading: '<b>h</b>', paragraphs: ['<script>alert(1)</script>', 'a & b <img src=x onerror=alert(1)>'] });
      expect(markdown).toBe(
        '# T\n\n## &lt;b&gt;h&lt;/b&gt;\n\n&lt;script&gt;alert(1)&lt;/script&gt;\n\na &amp; b &lt;img src=x onerror=alert(1)&gt;\n',
      );
      expect(markdown).not.toMatch(/<[a-z/]/i);
    });

    it('keeps entities from data literal', () => {
      expect(renderSection({ heading: 'h', paragraphs: ['&lt;script&gt; &#60;'] })).toContain('&amp;lt;script&amp;gt; &amp;\\#60;');
    });

    it('escapes links and images', () => {
      const markdown = renderSection({ heading: 'h', paragraphs: ['[x](javascript:alert(1)) ![i](http://evil/x.png)'] });
      expect(markdown).toContain('\\[x\\](javascript:alert(1)) !\\[i\\](http://evil/x.png)');
    });

    it('escapes a link reference definition', () => {
      expect(renderSection({ heading: 'h', paragraphs: ['[x]: javascript:alert(1)'] })).toContain('\\[x\\]: javascript:alert(1)');
    });

    it('escapes emphasis, code, strikethrough and backslashes', () => {
      expect(renderSection({ heading: 'h', paragraphs: ['*a* _b_ `c` ~~d~~ \\e'] })).toContain('\\*a\\* \\_b\\_ \\`c\\` \\~\\~d\\~\\~ \\\\e');
    });

    it('keeps a heading that contains "# " a single heading', () => {
      const markdown = renderSection({ heading: '# Injected\n# Another', paragraphs: [] });
      expect(markdown).toBe('# T\n\n## \\# Injected \\# Another\n');
    });

    it('keeps the title on one line', () => {
      expect(renderMarkdown({ title: 'Title\n\n<hr>\n===', sections: [] })).toBe('# Title &lt;hr&gt; ===\n');
    });

    it('escapes list, break and setext markers at the start of paragraph lines', () => {
      const markdown = renderSection({ heading: 'h', paragraphs: ['- item\n+ item\n1. item\n2) item\n---\n===\n    code\n> quote\n## h'] });
      expect(markdown).toContain(
        '\\- item\n\\+ item\n1\\. item\n2\\) item\n\\---\n\\===\ncode\n&gt; quote\n\\#\\# h',
      );
    });

    it('leaves markers alone when they are not at the start of a line', () => {
      expect(renderSection({ heading: 'h', paragraphs: ['a - b + c 1. d'] })).toContain('a - b + c 1. d');
    });

    it('does not let a bullet nest a list or span lines', () => {
      const markdown = renderSection({ heading: 'h', bullets: ['- nested', '1. ordered', 'two\n- lines'] });
      expect(markdown).toContain('- \\- nested\n- 1\\. ordered\n- two - lines\n');
    });

    it('does not let a paragraph close a fenced block or start one', () => {
      expect(renderSection({ heading: 'h', paragraphs: ['```\n~~~'] })).toContain('\\`\\`\\`\n\\~\\~\\~');
    });

    it('escapes table cells: pipes, newlines and HTML', () => {
      const markdown = renderSection({
        heading: 'h',
        table: { columns: ['a|b', 'c'], rows: [['| a | b |', 'line1\nline2\r\nline3'], ['<script>x</script>', '[x](javascript:alert(1))']] },
      });
      expect(markdown).toBe(
        [
          '# T',
          '',
          '## h',
          '',
          '| a\\|b | c |',
          '| --- | --- |',
          '| \\| a \\| b \\| | line1 line2 line3 |',
          '| &lt;script&gt;x&lt;/script&gt; | \\[x\\](javascript:alert(1)) |',
          '',
        ].join('\n'),
      );
    });

    it('writes rows at the width of the header', () => {
      const markdown = renderSection({ heading: 'h', table: { columns: ['a', 'b'], rows: [['only'], ['x', 'y', 'dropped']] } });
      expect(markdown).toContain('| only |  |\n| x | y |\n');
      expect(markdown).not.toContain('dropped');
    });

    it('leaves out a table without columns', () => {
      expect(renderSection({ heading: 'h', table: { columns: [], rows: [['x']] } })).toBe('# T\n\n## h\n');
    });

    it('escapes image alt text', () => {
      expect(renderSection({ heading: 'h', image: { alt: 'a](javascript:x) [b', path: 'c.svg' } })).toContain(
        '![a\\](javascript:x) \\[b](c.svg)',
      );
    });
  });

  describe('image paths', () => {
    it.each(['chart.svg', 'charts/ratings.svg', 'a/b-c_d.1.png', '.hidden/x.png'])('accepts %j', (path) => {
      expect(isSafeImagePath(path)).toBe(true);
      expect(renderSection({ heading: 'h', image: { alt: 'x', path } })).toContain(`![x](${path})`);
    });

    it.each([
      '',
      '../secret.png',
      'a/../../b.png',
      '..',
      '.',
      'a/./b.png',
      '/etc/passwd',
      '//evil.example/x.png',
      'a//b.png',
      'dir/',
      'javascript:alert(1)',
      'http://evil.example/x.png',
      'a b.png',
      'x.png)(javascript:alert(1)',
      'x.png"onerror="alert(1)',
      'a\\b.png',
      'a%2e%2e/b.png',
      'naïve.png',
    ])('omits the image for %j', (path) => {
      expect(isSafeImagePath(path)).toBe(false);
      expect(renderSection({ heading: 'h', image: { alt: 'x', path } })).toBe('# T\n\n## h\n');
    });
  });
});
