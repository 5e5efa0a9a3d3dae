/**
 * The text of a PDF's first page, as a reader extracts it (pdf.js), for tests. pdf.js runs in a
 * child process of its own: its legacy build carries core-js, which replaces globals of the process
 * that loads it (JSON.stringify and JSON.parse, Array.prototype.push, Function.prototype.toString)
 * and adds others (navigator); the test files share their process (vitest's `isolate: false`), and
 * with core-js's deeper push and stringify the fuzz test's generated values overflowed the stack.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const pdfjs = pathToFileURL(createRequire(import.meta.url).resolve('pdfjs-dist/legacy/build/pdf.mjs')).href;

/** Run by the child: reads the file named, answers its page count and first page's text as JSON. */
const reader = `
const { readFileSync } = await import('node:fs');
const { getDocument } = await import(process.argv[1]);
const pdf = await getDocument({ data: new Uint8Array(readFileSync(process.argv[2])), verbosity: 0 }).promise;
const page = await pdf.getPage(1);
const text = (await page.getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(' ');
process.stdout.write(JSON.stringify({ pages: pdf.numPages, text }));
`;

/** The PDF's count of pages and its first page's text. */
export async function readPdf(data: Uint8Array): Promise<{ pages: number; text: string }> {
  const folder = mkdtempSync(join(tmpdir(), 'pp-pdf-'));
  try {
    const file = join(folder, 'document.pdf');
    writeFileSync(file, data);
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', reader, pdfjs, file], { maxBuffer: 16 * 1024 * 1024 });
    return JSON.parse(stdout) as { pages: number; text: string };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

export const pdfText = async (data: Uint8Array): Promise<string> => (await readPdf(data)).text;
