/** The text of a PDF's first page, as a reader extracts it (pdf.js), for tests. */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export async function pdfText(data: Uint8Array): Promise<string> {
  const pdf = await getDocument({ data, verbosity: 0 }).promise;
  const page = await pdf.getPage(1);
  return (await page.getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(' ');
}
