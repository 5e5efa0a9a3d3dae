/**
 * Text in a PDF in any of our languages, Arabic included. pdfkit shapes a string with fontkit, which
 * joins Arabic letters and lays a right-to-left script out right to left, but knows nothing of the
 * Unicode bidirectional algorithm: it would turn the digits of "فاتورة رقم 12" into "21", and, laying
 * a string out word by word, it would put the words of an Arabic sentence left to right. So a line is
 * cut here into runs of one direction (bidi-js, UAX #9), the runs are put in visual order, and each
 * is drawn on its own: a right-to-left run whole, so that fontkit reverses its letters once.
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import bidiFactory from 'bidi-js';

const bidi = bidiFactory();

/** The DejaVu Sans faces (dejavu-fonts-ttf): Latin, Cyrillic and Arabic with its joining forms. */
const require = createRequire(import.meta.url);
let faces: { regular: Buffer; bold: Buffer } | null = null;
export function fontFaces() {
  faces ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  };
  return faces;
}

/** The marks Intl puts around numbers for a browser's bidi (U+200E, U+200F, U+061C): the runs below do their work. */
const BIDI_MARKS = /[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/g;
/** Any letter of a right-to-left script: fontkit lays such a run out right to left by itself. */
const RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;

export interface Run {
  text: string;
  rtl: boolean;
}

/**
 * A paragraph's direction: our words' (the invoice's language), or, for what a person typed (a
 * name, an address), `auto`: that of its first letter, as HTML's dir="auto".
 */
export type Direction = 'ltr' | 'rtl' | 'auto';

/** One line's runs in the order they are drawn, left to right (UAX #9, rules L1 to L4). */
export function visualRuns(line: string, direction: Direction): Run[] {
  const text = line.replace(BIDI_MARKS, '');
  if (text === '') return [];
  const embedding = bidi.getEmbeddingLevels(text, direction === 'auto' ? undefined : direction);
  // A right-to-left run's brackets are drawn mirrored: "(" reads as ")" from the right.
  const mirrored = bidi.getMirroredCharactersMap(text, embedding.levels);
  // bidi-js counts UTF-16 units, as string indices do.
  const source = text.split('');
  for (const [index, replacement] of mirrored) source[index] = replacement;
  const runs: { start: number; end: number; level: number }[] = [];
  for (let i = 0; i < text.length; i++) {
    const level = embedding.levels[i] ?? 0;
    const last = runs.at(-1);
    if (last && last.level === level) last.end = i;
    else runs.push({ start: i, end: i, level });
  }
  // L2: from the highest level to the lowest odd one, reverse every stretch of runs at that level or above.
  const highest = Math.max(...runs.map((r) => r.level));
  const lowestOdd = Math.min(...runs.map((r) => (r.level % 2 ? r.level : r.level + 1)));
  for (let level = highest; level >= lowestOdd; level--) {
    for (let i = 0; i < runs.length; ) {
      if ((runs[i]?.level ?? 0) < level) {
        i++;
        continue;
      }
      let j = i;
      while (j + 1 < runs.length && (runs[j + 1]?.level ?? 0) >= level) j++;
      runs.splice(i, j - i + 1, ...runs.slice(i, j + 1).reverse());
      i = j + 1;
    }
  }
  return runs.map((run) => {
    const piece = source.slice(run.start, run.end + 1).join('');
    const rtl = run.level % 2 === 1;
    // fontkit reverses a run of a right-to-left script; one of neutrals alone (": ", "#") is reversed here.
    return { text: rtl && !RTL_LETTER.test(piece) ? [...piece].reverse().join('') : piece, rtl };
  });
}

/** The few drawing calls of pdfkit's document used here. */
export interface Page {
  widthOfString(text: string, options?: { features?: string[] }): number;
  text(text: string, x: number, y: number, options?: Record<string, unknown>): unknown;
  currentLineHeight(includeGap?: boolean): number;
}

/** Each right-to-left run is laid out whole (a feature list makes pdfkit do so), never word by word. */
const runOptions = (run: Run) => (run.rtl ? { features: ['rtla'] } : {});

const lineWidth = (doc: Page, runs: Run[]) => runs.reduce((sum, run) => sum + doc.widthOfString(run.text, runOptions(run)), 0);

/** Lines of `text` that fit `width`, broken between words (and at the text's own line breaks). */
function wrap(doc: Page, text: string, width: number, direction: Direction): Run[][] {
  const lines: Run[][] = [];
  for (const paragraph of text.split('\n')) {
    let current = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const next = current ? `${current} ${word}` : word;
      if (current && lineWidth(doc, visualRuns(next, direction)) > width) {
        lines.push(visualRuns(current, direction));
        current = word;
      } else current = next;
    }
    lines.push(visualRuns(current, direction));
  }
  return lines;
}

/**
 * Draws `text` in the box from `x`, `width` wide, from `y` down, aligned to the `align` side (the
 * line's start: left for a left-to-right paragraph, right for a right-to-left one, by default).
 * Answers the y below it.
 */
export function drawText(
  doc: Page,
  text: string,
  box: { x: number; y: number; width: number; direction: Direction; align: 'left' | 'right' },
): number {
  const align = box.align;
  let y = box.y;
  for (const runs of wrap(doc, text, box.width, box.direction)) {
    let x = align === 'right' ? box.x + box.width - lineWidth(doc, runs) : box.x;
    for (const run of runs) {
      doc.text(run.text, x, y, { lineBreak: false, ...runOptions(run) });
      x += doc.widthOfString(run.text, runOptions(run));
    }
    y += doc.currentLineHeight(true);
  }
  return y;
}

/**
 * Text copied from the PDF reads right: a reader takes each glyph's characters (the font's ToUnicode
 * map) in the order the glyphs are drawn and turns a right-to-left line around, character by
 * character. A glyph standing for several letters (Arabic's lam-alef, "لا") is drawn once, so its
 * letters would come out turned around ("ال"); they are mapped in reverse here, before the fonts are
 * written at the document's end, so the reader's turn puts them back. Such a glyph is only ever
 * drawn in a right-to-left run. (pdfkit keeps each embedded font's map in `unicode`, by glyph.)
 */
export function mapLigaturesForReaders(doc: unknown) {
  const families = (doc as { _fontFamilies?: Record<string, { unicode?: number[][] }> })._fontFamilies ?? {};
  for (const font of new Set(Object.values(families))) {
    if (!Array.isArray(font.unicode)) continue;
    font.unicode = font.unicode.map((codePoints) =>
      Array.isArray(codePoints) && codePoints.length > 1 && RTL_LETTER.test(String.fromCodePoint(...codePoints)) ? [...codePoints].reverse() : codePoints,
    );
  }
}
