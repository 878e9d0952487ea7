import { describe, expect, it } from 'vitest';
import { MAX_BARS, renderBarChart, type Bar, type BarChart } from '../../../src/engine/render/svg-bar-chart.js';
import { buildPreview } from '../../../src/modules/runs/preview.js';

const PROLOG = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAME = '[A-Za-z][\\w.:-]*';
const ATTRIBUTE_VALUE = '"[^"<&]*(?:&(?:amp|lt|gt|quot|apos);[^"<&]*)*"';
const TAG = new RegExp(`^<(/?)(${NAME})((?:\\s+${NAME}=${ATTRIBUTE_VALUE})*)\\s*(/?)>$`);

/**
 * A minimal well-formedness check, as Node has no XML parser: one root element, every tag either
 * self-closing or closed in order, attributes quoted, and character data holding only the five
 * predefined entities.
 */
function expectWellFormed(svg: string): void {
  expect(svg.startsWith(PROLOG)).toBe(true);
  const stack: string[] = [];
  let roots = 0;
  for (const [token] of svg.slice(PROLOG.length).matchAll(/<[^>]*>|[^<]+/g)) {
    if (!token.startsWith('<')) {
      if (stack.length === 0) expect(token.trim()).toBe('');
      expect(token).not.toContain('>');
      expect(token.replace(/&(amp|lt|gt|quot|apos);/g, '')).not.toContain('&');
      continue;
    }
    const match = TAG.exec(token);
    expect(match, `malformed tag ${token}`).not.toBeNull();
    const [, closing, name = '', , selfClosing] = match ?? [];
    if (closing) {
      expect(selfClosing).toBe('');
      expect(stack.pop(), `unbalanced ${token}`).toBe(name);
    } else {
      if (stack.length === 0) roots += 1;
      if (!selfClosing) stack.push(name);
    }
  }
  expect(stack).toEqual([]);
  expect(roots).toBe(1);
}

const previewOf = (svg: string) =>
  buildPreview({ path: 'chart.svg', contentType: 'image/svg+xml', bytes: new TextEncoder().encode(svg) });

/** The `<rect>` elements of the bars (the first rect is the background). */
const barRects = (svg: string): string[] => [...svg.matchAll(/<rect x=[^>]*>/g)].map(([rect]) => rect);
const widthOf = (rect: string): number => Number(/ width="([^"]*)"/.exec(rect)?.[1]);
/** The content of every `<text>` element, in document order. */
const texts = (svg: string): string[] => [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map(([, content]) => content ?? '');

const HOSTILE_LABELS = [
  '<script>alert(1)</script>',
  '" onload="alert(1)',
  "' onmouseover='alert(1)",
  'x onclick =alert(1)',
  'javascript:alert(1)',
  'j a v a s c r i p t : alert(1)',
  'VBScript:msgbox',
  '&#60;script&#62;alert(1)',
  '&#x3C;script',
  '<foreignObject><iframe src="x"></iframe></foreignObject>',
  '<!DOCTYPE x [<!ENTITY e "boom">]>&e;',
  ']]><![CDATA[',
  'tab\there\nnew line\u0000nul\u001b[31mansi\u007f\u0085',
  'lone \ud800 surrogate \udfff and \ufffe',
];

describe('renderBarChart', () => {
  const chart: BarChart = {
    title: 'Movies by year',
    bars: [
      { label: '1999', value: 10 },
      { label: '2003', value: 5 },
      { label: '2010', value: 0 },
    ],
  };

  it('renders a standalone, well-formed SVG document with an accessible title', () => {
    const svg = renderBarChart(chart);
    expectWellFormed(svg);
    expect(svg).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="640" height="\d+" viewBox="0 0 640 \d+" role="img" aria-labelledby="bar-chart-title" font-family="[^"]*sans-serif">\n/,
    );
    expect(svg).toContain('<title id="bar-chart-title">Movies by year</title>');
    expect(svg.endsWith('</svg>\n')).toBe(true);
  });

  it('draws one bar per value, scaled to the largest, with labels and values', () => {
    const svg = renderBarChart(chart);
    const widths = barRects(svg).map(widthOf);
    expect(widths).toHaveLength(3);
    expect(widths[0]).toBeGreaterThan(0);
    expect(widths[1]).toBeCloseTo((widths[0] ?? 0) / 2, 1);
    expect(widths[2]).toBe(0);
    expect(texts(svg)).toEqual(['Movies by year', '1999', '10', '2003', '5', '2010', '0']);
  });

  it('draws zero-width bars when every value is zero', () => {
    const svg = renderBarChart({ title: 't', bars: [{ label: 'a', value: 0 }, { label: 'b', value: 0 }] });
    expect(barRects(svg).map(widthOf)).toEqual([0, 0]);
    expectWellFormed(svg);
  });

  it('says "No data" for a chart without bars', () => {
    const svg = renderBarChart({ title: 'Empty', bars: [] });
    expectWellFormed(svg);
    expect(barRects(svg)).toEqual([]);
    expect(texts(svg)).toEqual(['Empty', 'No data']);
  });

  it('uses the width, the bar height and the value label', () => {
    const svg = renderBarChart({ ...chart, width: 400, barHeight: 10, valueLabel: 'films' });
    expect(svg).toContain('width="400"');
    expect(barRects(svg).every((rect) => rect.includes('height="10"'))).toBe(true);
    expect(texts(svg).at(-1)).toBe('films');
  });

  it('formats values without float noise', () => {
    const bars: Bar[] = [
      { label: 'a', value: 0.1 + 0.2 },
      { label: 'b', value: 1234.5678 },
      { label: 'c', value: 0.001234 },
      { label: 'd', value: 42 },
    ];
    expect(texts(renderBarChart({ title: 't', bars })).filter((_, i) => i > 0 && i % 2 === 0)).toEqual(['0.3', '1234.57', '0.00123', '42']);
  });

  it('cuts labels longer than 40 code points with an ellipsis', () => {
    const forty = 'x'.repeat(40);
    const emoji = '🎉'.repeat(45);
    const svg = renderBarChart({ title: 't', bars: [{ label: forty, value: 1 }, { label: `${forty}y`, value: 1 }, { label: emoji, value: 1 }] });
    const labels = texts(svg).filter((_, i) => i % 2 === 1);
    expect(labels).toEqual([forty, `${'x'.repeat(39)}…`, `${'🎉'.repeat(39)}…`]);
  });

  it('gives the same output for the same input', () => {
    const input: BarChart = { title: 'Same', bars: HOSTILE_LABELS.map((label, i) => ({ label, value: i * 1.5 })), valueLabel: 'units' };
    expect(renderBarChart(input)).toBe(renderBarChart(structuredClone(input)));
  });

  describe('refuses invalid input with a RangeError', () => {
    it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -1, -0.001])('value %s', (value) => {
      expect(() => renderBarChart({ title: 't', bars: [{ label: 'a', value: 1 }, { label: 'b', value }] })).toThrow(RangeError);
    });

    it(`more than ${MAX_BARS} bars`, () => {
      const bars = (n: number): Bar[] => Array.from({ length: n }, (_, i) => ({ label: `bar ${i}`, value: i }));
      expect(() => renderBarChart({ title: 't', bars: bars(MAX_BARS) })).not.toThrow();
      expect(() => renderBarChart({ title: 't', bars: bars(MAX_BARS + 1) })).toThrow(RangeError);
    });

    it.each([{ width: 0 }, { width: Number.NaN }, { width: 1e6 }, { barHeight: 0 }, { barHeight: Number.POSITIVE_INFINITY }])('size %j', (size) => {
      expect(() => renderBarChart({ title: 't', bars: [], ...size })).toThrow(RangeError);
    });
  });

  describe('hostile text', () => {
    const hostile: BarChart = {
      title: '<script>alert("t")</script> onload=x',
      bars: HOSTILE_LABELS.map((label, i) => ({ label, value: i + 1 })),
      valueLabel: '" onerror="javascript:alert(1)',
    };

    it('comes out escaped with named entities only', () => {
      const svg = renderBarChart(hostile);
      expectWellFormed(svg);
      expect(svg).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(svg).toContain('&quot; onload\u2060=&quot;alert(1)');
      expect(svg).toContain('&apos; onmouseover\u2060=&apos;alert(1)');
      expect(svg).toContain('&amp;#60;script&amp;#62;alert(1)');
      expect(svg).not.toMatch(/<\s*script/i);
      expect(svg).not.toMatch(/<\s*foreignObject/i);
      expect(svg).not.toMatch(/<!/);
      expect(svg).not.toContain('&#');
      expect(svg).not.toContain(']]>');
    });

    it('breaks handler and script-URL look-alikes with an invisible word joiner', () => {
      const svg = renderBarChart(hostile);
      expect(svg).not.toMatch(/\bon[a-z]+\s*=/i);
      expect(svg).not.toMatch(/j\s*a\s*v\s*a\s*s\s*c\s*r\s*i\s*p\s*t\s*:/i);
      expect(svg).not.toMatch(/v\s*b\s*s\s*c\s*r\s*i\s*p\s*t\s*:/i);
      expect(svg).toContain('javascript\u2060:alert(1)');
    });

    it('turns control characters, lone surrogates and non-characters into spaces', () => {
      const svg = renderBarChart(hostile);
      // Line breaks between elements are the only control characters left.
      expect(svg.replaceAll('\n', '')).not.toMatch(/[\p{Cc}\p{Cs}\uFFFE\uFFFF]/u);
      expect(svg).toContain('>tab here new line nul [31mansi </text>');
      expect(svg).toContain('>lone   surrogate   and  </text>');
    });

    it('is previewed inline as an image', () => {
      expect(previewOf(renderBarChart(hostile))).toMatchObject({ kind: 'image', truncated: false });
    });

    it('is previewed inline for any mix of dangerous fragments', () => {
      const fragments = ['on', 'load', 'ON', 'click', '=', ' ', '\t', 'java', 'script', 'vb', ':', '<', '>', '&', '#', '"', "'", ';', 'x', '\u0000', '!', '[', 'foreignObject', '60'];
      let seed = 42;
      const next = (n: number): number => {
        seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31; // a fixed LCG: the same strings on every run
        return seed % n;
      };
      const randomText = (): string => Array.from({ length: 1 + next(12) }, () => fragments[next(fragments.length)]).join('');
      for (let round = 0; round < 200; round += 1) {
        const svg = renderBarChart({
          title: randomText(),
          bars: Array.from({ length: next(5) }, () => ({ label: randomText(), value: next(100) })),
          valueLabel: randomText(),
        });
        expectWellFormed(svg);
        expect(previewOf(svg).kind, svg).toBe('image');
      }
    });
  });
});
