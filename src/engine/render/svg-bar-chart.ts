/**
 * A horizontal bar chart as a standalone SVG document: the title on top, then one row per bar with
 * its label on the left, the bar scaled to the largest value, and the value at the bar's end. The
 * output depends only on the input (no randomness, no locale, no measuring of fonts), so the same
 * chart always gives the same bytes.
 *
 * The chart is meant to be previewed inline (`src/modules/runs/preview.ts`), and that preview refuses
 * any SVG whose *text* contains `<script`, `on…=`, `javascript:`/`vbscript:`, `&#`, `<foreignObject`
 * and the like — it scans the whole document, not just the markup. Labels and titles come from data,
 * so every piece of text goes through the same steps:
 * 1. control characters (and lone surrogates and U+FFFE/U+FFFF, which XML cannot hold) become spaces;
 * 2. labels longer than {@link MAX_LABEL_LENGTH} code points are cut and end with `…`;
 * 3. `& < > " '` become the named entities `&amp; &lt; &gt; &quot; &apos;` — never numeric references;
 * 4. text that merely *looks* like an event handler (`onload=`) or a script URL (`javascript:`) gets an
 *    invisible WORD JOINER (U+2060) before its `=` or `:`, which breaks the pattern without changing
 *    what a reader sees.
 * The markup around the text is fixed and contains none of those patterns.
 */

export interface Bar {
  label: string;
  value: number;
}

export interface BarChart {
  title: string;
  bars: Bar[];
  /** Width of the whole image in pixels; 640 when absent. */
  width?: number;
  /** Height of one bar in pixels; 20 when absent. */
  barHeight?: number;
  /** What the values measure (a unit, say), written under the bars. */
  valueLabel?: string;
}

/** Most bars in one chart; callers keep the top N. */
export const MAX_BARS = 50;
/** Longest label, in code points, before it is cut with an ellipsis. */
export const MAX_LABEL_LENGTH = 40;

const DEFAULT_WIDTH = 640;
const DEFAULT_BAR_HEIGHT = 20;
const MIN_WIDTH = 200;
const MAX_WIDTH = 4096;
const MIN_BAR_HEIGHT = 4;
const MAX_BAR_HEIGHT = 200;

const PADDING = 16;
const TITLE_SIZE = 16;
const TEXT_SIZE = 12;
/** A rough average advance of one character at {@link TEXT_SIZE}; we lay out without measuring fonts. */
const CHAR_WIDTH = 7;
/** Space between a label and its bar, and between a bar and its value. */
const TEXT_GAP = 6;

const FONT_FAMILY = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
const BACKGROUND_COLOUR = '#ffffff';
const TEXT_COLOUR = '#333333';
const MUTED_COLOUR = '#666666';
/** Muted slate and grey tones: bars are told apart by their labels, not by colour. */
const PALETTE = ['#5b7083', '#7d8fa0', '#4f6d7a', '#8c8c8c', '#6b7b8c', '#a0aab4'] as const;

const TITLE_ID = 'bar-chart-title';

const UNREPRESENTABLE = /[\p{Cc}\p{Cs}\uFFFE\uFFFF]+/gu;
const XML_ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
/** The preview's patterns for handlers and script URLs (spaces allowed between letters, as there). */
const LOOKS_ACTIVE: readonly RegExp[] = [
  /\bon[a-z]+\s*=/gi,
  /j\s*a\s*v\s*a\s*s\s*c\s*r\s*i\s*p\s*t\s*:/gi,
  /v\s*b\s*s\s*c\s*r\s*i\s*p\s*t\s*:/gi,
];
const WORD_JOINER = '\u2060';

/** Steps 1, 3 and 4 above: text that is safe both as XML character data and in an attribute. */
function safeText(text: string): string {
  const escaped = text.replace(UNREPRESENTABLE, ' ').replace(/[&<>"']/g, (char) => XML_ENTITIES[char] ?? char);
  return LOOKS_ACTIVE.reduce(
    (result, pattern) => result.replace(pattern, (match) => match.slice(0, -1) + WORD_JOINER + match.slice(-1)),
    escaped,
  );
}

/** Step 2: cut on code points, so that no surrogate pair is split. */
function truncate(label: string): string {
  const codePoints = Array.from(label);
  return codePoints.length > MAX_LABEL_LENGTH ? `${codePoints.slice(0, MAX_LABEL_LENGTH - 1).join('')}…` : label;
}

/** Two decimals for ordinary magnitudes, three significant digits below one: float noise never shows. */
function formatValue(value: number): string {
  if (Number.isInteger(value)) return String(value);
  return String(value >= 1 ? Number(value.toFixed(2)) : Number(value.toPrecision(3)));
}

/** Coordinates with at most two decimals, so the output stays short and stable. */
const px = (n: number): string => String(Math.round(n * 100) / 100);

const lengthOf = (text: string): number => Array.from(text).length;

function checkSize(name: string, value: number, min: number, max: number): number {
  if (!Number.isFinite(value) || value < min || value > max) {
    throw new RangeError(`${name} must be between ${min} and ${max}, got ${value}`);
  }
  return value;
}

function checkBars(bars: Bar[]): void {
  if (bars.length > MAX_BARS) throw new RangeError(`a bar chart has at most ${MAX_BARS} bars, got ${bars.length}`);
  bars.forEach((bar, index) => {
    if (!Number.isFinite(bar.value) || bar.value < 0) {
      throw new RangeError(`bar ${index} has value ${bar.value}; values must be finite and not negative`);
    }
  });
}

interface Text {
  x: number;
  y: number;
  content: string;
  anchor?: 'start' | 'middle' | 'end';
  size?: number;
  colour?: string;
  bold?: boolean;
}

/** A `<text>` element; `content` must already be safe. Centred vertically on `y`. */
function text({ x, y, content, anchor = 'start', size = TEXT_SIZE, colour = TEXT_COLOUR, bold = false }: Text): string {
  const weight = bold ? ' font-weight="bold"' : '';
  return `  <text x="${px(x)}" y="${px(y)}" dy="0.35em" text-anchor="${anchor}" font-size="${size}" fill="${colour}"${weight}>${content}</text>`;
}

/** The chart as an SVG document (UTF-8, ending with a newline). Throws RangeError on invalid input. */
export function renderBarChart(chart: BarChart): string {
  const width = checkSize('width', chart.width ?? DEFAULT_WIDTH, MIN_WIDTH, MAX_WIDTH);
  const barHeight = checkSize('barHeight', chart.barHeight ?? DEFAULT_BAR_HEIGHT, MIN_BAR_HEIGHT, MAX_BAR_HEIGHT);
  checkBars(chart.bars);

  const title = safeText(chart.title);
  const labels = chart.bars.map((bar) => truncate(bar.label.replace(UNREPRESENTABLE, ' ')));
  const values = chart.bars.map((bar) => formatValue(bar.value));
  const max = Math.max(0, ...chart.bars.map((bar) => bar.value));

  // Columns: labels (at most half the width), bars, then room for the longest value.
  const labelWidth = Math.min(Math.max(0, ...labels.map(lengthOf)) * CHAR_WIDTH, width / 2);
  const valueWidth = Math.max(0, ...values.map(lengthOf)) * CHAR_WIDTH + TEXT_GAP;
  const barX = PADDING + labelWidth + TEXT_GAP;
  const barSpace = Math.max(0, width - PADDING - barX - valueWidth);
  const rowHeight = barHeight + Math.round(barHeight * 0.4);
  const top = PADDING + TITLE_SIZE + PADDING;

  const body: string[] = [text({ x: PADDING, y: PADDING + TITLE_SIZE / 2, content: title, size: TITLE_SIZE, bold: true })];
  chart.bars.forEach((bar, i) => {
    const y = top + i * rowHeight;
    const middle = y + barHeight / 2;
    const barWidth = max > 0 ? (barSpace * bar.value) / max : 0;
    const fill = PALETTE[i % PALETTE.length] ?? PALETTE[0];
    body.push(
      text({ x: barX - TEXT_GAP, y: middle, content: safeText(labels[i] ?? ''), anchor: 'end' }),
      `  <rect x="${px(barX)}" y="${px(y)}" width="${px(barWidth)}" height="${px(barHeight)}" fill="${fill}"/>`,
      text({ x: barX + barWidth + TEXT_GAP, y: middle, content: values[i] ?? '' }),
    );
  });
  if (chart.bars.length === 0) {
    body.push(text({ x: width / 2, y: top + barHeight / 2, content: 'No data', anchor: 'middle', colour: MUTED_COLOUR }));
  }
  let bottom = top + Math.max(1, chart.bars.length) * rowHeight;
  if (chart.valueLabel) {
    body.push(text({ x: barX, y: bottom + TEXT_SIZE / 2, content: safeText(chart.valueLabel), colour: MUTED_COLOUR }));
    bottom += TEXT_SIZE + PADDING / 2;
  }
  const height = bottom + PADDING;

  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" width="${px(width)}" height="${px(height)}" viewBox="0 0 ${px(width)} ${px(height)}"` +
      ` role="img" aria-labelledby="${TITLE_ID}" font-family="${FONT_FAMILY}">`,
    `  <title id="${TITLE_ID}">${title}</title>`,
    // An opaque background keeps dark text readable in dark-themed viewers.
    `  <rect width="100%" height="100%" fill="${BACKGROUND_COLOUR}"/>`,
    ...body,
    '</svg>',
    '',
  ].join('\n');
}
