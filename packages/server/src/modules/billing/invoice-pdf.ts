/**
 * An invoice as a PDF (002 §2: download as PDF), drawn by pdfkit in the reader's language (issue
 * 36): its words from invoice-i18n/, its dates and amounts (in dollars) written by Intl in the same
 * language. It embeds DejaVu Sans (the dejavu-fonts-ttf package, subset to the glyphs used), whose
 * glyphs cover Latin, Cyrillic and Arabic, so the text stays searchable and copyable in each. An
 * Arabic invoice is laid out right to left: its columns mirrored, its lines drawn by pdf-text.ts.
 */
import { descriptions, type Invoice, type Locale } from '@partner-panel/sdk';
import { formatDay, formatMoney, isRightToLeft } from '../../locales.js';
import { invoiceWords } from './invoice-i18n/index.js';
import { drawText, fontFaces, mapLigaturesForReaders } from './pdf-text.js';

const money = (locale: Locale, dollars: number) => formatMoney(locale, Math.round(dollars * 100));
const day = (locale: Locale, iso: string) => formatDay(locale, new Date(iso));

/** The seller an invoice names (SELLER_NAME, SELLER_ADDRESS, SELLER_TAX_ID), and the product's address. */
export interface Issuer {
  name: string;
  /** Lines of the postal address; none when unset. */
  address: string[];
  taxId: string | null;
  url: string;
}

export async function invoicePdf(invoice: Invoice, issuer: Issuer, locale: Locale = 'en'): Promise<Buffer> {
  // Loaded on the first invoice, not at start-up (docs/performance.md, start-up).
  const { default: PDFDocument } = await import('pdfkit');
  const say = invoiceWords(locale);
  // The one description the server writes itself is the reader's; one an admin typed is as typed.
  const described = invoice.description === descriptions.walletDeposit ? say('walletDeposit') : invoice.description;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    lang: locale,
    info: { Title: say('number', { id: invoice.id }), Author: issuer.name, Subject: described },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const faces = fontFaces();
  doc.registerFont('regular', faces.regular);
  doc.registerFont('bold', faces.bold);

  const rtl = isRightToLeft(locale);
  const direction = rtl ? 'rtl' : 'ltr';
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const width = right - left;

  /**
   * Draws `text` in the column `from` points after the line's start (the left, or the right in a
   * right-to-left invoice), `span` wide, against its start or its end; answers the y below it. An
   * amount is a left-to-right run wherever it stands; what a person typed (`typed`: a name, an
   * address, a description) takes the direction of its own first letter.
   */
  const put = (
    text: string,
    from: number,
    span: number,
    y: number,
    style: { bold?: boolean; size?: number; color?: string; end?: boolean; ltr?: boolean; typed?: boolean } = {},
  ) => {
    doc.font(style.bold ? 'bold' : 'regular').fontSize(style.size ?? 10).fillColor(style.color ?? '#000');
    const x = rtl ? right - from - span : left + from;
    const align = Boolean(style.end) === rtl ? 'left' : 'right';
    return drawText(doc, text, { x, y, width: span, direction: style.ltr ? 'ltr' : style.typed ? 'auto' : direction, align });
  };
  /** A grey band across the page behind a table's header. */
  const band = (y: number) => doc.rect(left, y - 6, width, 22).fill('#f0f0f0');

  const titleEnd = put(say('title'), 0, width / 2, 56, { bold: true, size: 22 });
  let sellerEnd = 60;
  for (const line of [issuer.name, ...issuer.address]) sellerEnd = put(line, width / 2, width / 2, sellerEnd, { color: '#555', end: true, typed: true });
  if (issuer.taxId) sellerEnd = put(say('taxId', { id: issuer.taxId }), width / 2, width / 2, sellerEnd, { color: '#555', end: true });
  sellerEnd = put(issuer.url, width / 2, width / 2, sellerEnd, { color: '#555', end: true, ltr: true });

  const top = Math.max(titleEnd, sellerEnd) + 24;
  let y = put(say('number', { id: invoice.id }), 0, width / 2, top, { bold: true, size: 11 });
  const status = say(`status_${invoice.status}`);
  const facts = [
    say('status', { status }),
    say('date', { date: day(locale, invoice.date) }),
    say('due', { date: day(locale, invoice.duedate) }),
    ...(invoice.datepaid ? [say('paid', { date: day(locale, invoice.datepaid) })] : []),
    ...(invoice.payment_method ? [say('method', { method: invoice.payment_method })] : []),
  ];
  for (const line of facts) y = put(line, 0, width / 2, y);
  let payer = put(say('invoicedTo'), width / 2, width / 2, top, { bold: true });
  payer = put(invoice.name, width / 2, width / 2, payer, { typed: true });
  payer = put(invoice.email, width / 2, width / 2, payer, { ltr: true });

  const amountFrom = width * 0.7;
  const amountSpan = width * 0.3 - 8;
  const row = (at: number, cells: [string, string], style: { bold?: boolean; typed?: boolean } = {}) =>
    Math.max(put(cells[0], 8, amountFrom - 8, at, style), put(cells[1], amountFrom, amountSpan, at, { bold: style.bold, end: true, ltr: true }));

  y = Math.max(y, payer, top + 90) + 24;
  band(y);
  row(y, [say('description'), say('amount')], { bold: true });
  y += 26;
  y = Math.max(y + 22, row(y, [described, money(locale, invoice.total)], { typed: true }));
  doc.moveTo(left, y).lineTo(right, y).strokeColor('#ccc').stroke();
  y += 8;
  row(y, [say('total'), money(locale, invoice.total)], { bold: true });
  y += 40;

  put(say('transactions'), 0, width, y, { bold: true, size: 11 });
  y += 20;
  if (invoice.transactions.length === 0) {
    put(say('noPayment'), 8, width - 8, y);
  } else {
    band(y);
    put(say('transactionDate'), 8, width * 0.3 - 8, y, { bold: true });
    put(say('transactionId'), width * 0.3, width * 0.4, y, { bold: true });
    put(say('amount'), amountFrom, amountSpan, y, { bold: true, end: true });
    y += 26;
    for (const t of invoice.transactions) {
      put(day(locale, t.date), 8, width * 0.3 - 8, y);
      put(t.transid, width * 0.3, width * 0.4, y, { ltr: true });
      put(money(locale, t.amountin), amountFrom, amountSpan, y, { end: true, ltr: true });
      y += 18;
    }
  }
  mapLigaturesForReaders(doc);
  doc.end();
  return done;
}
