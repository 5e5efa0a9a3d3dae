/** The text of a PDF's first page, as a reader extracts it (pdf.js), for tests. */
import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs';

type PdfJs = typeof PdfJsModule;

let loaded: Promise<PdfJs> | null = null;

/**
 * pdf.js, loaded once on first use. Its legacy build carries core-js, which replaces the global
 * JSON.stringify with a recursive one of its own; the server's test files share a process
 * (vitest's `isolate: false`), so a later file's deep values (the fuzz test's) overflowed the stack
 * in it. The native one is put back: pdf.js works with it.
 */
function pdfjs(): Promise<PdfJs> {
  loaded ??= (async () => {
    const native = JSON.stringify;
    const module = await import('pdfjs-dist/legacy/build/pdf.mjs');
    JSON.stringify = native;
    return module;
  })();
  return loaded;
}

/** The PDF's count of pages and its first page's text. */
export async function readPdf(data: Uint8Array): Promise<{ pages: number; text: string }> {
  const { getDocument } = await pdfjs();
  const pdf = await getDocument({ data, verbosity: 0 }).promise;
  const page = await pdf.getPage(1);
  return { pages: pdf.numPages, text: (await page.getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(' ') };
}

export const pdfText = async (data: Uint8Array): Promise<string> => (await readPdf(data)).text;
