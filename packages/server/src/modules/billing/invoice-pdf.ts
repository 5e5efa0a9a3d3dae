/**
 * An invoice as a PDF (002 §2: download as PDF), drawn by pdfkit with its built-in Helvetica, so no
 * font file ships and the text stays searchable and copyable.
 */
import type { Invoice } from '@partner-panel/sdk';
import { formatUsd } from '../wallet/service.js';

const day = (iso: string) => iso.slice(0, 10);
const money = (dollars: number) => formatUsd(Math.round(dollars * 100));

/** The seller an invoice names (SELLER_NAME, SELLER_ADDRESS, SELLER_TAX_ID), and the product's address. */
export interface Issuer {
  name: string;
  /** Lines of the postal address; none when unset. */
  address: string[];
  taxId: string | null;
  url: string;
}

export async function invoicePdf(invoice: Invoice, issuer: Issuer): Promise<Buffer> {
  // Loaded on the first invoice, not at start-up (docs/performance.md, start-up).
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `Invoice #${invoice.id}`, Author: issuer.name, Subject: invoice.description },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const width = right - left;

  doc.font('Helvetica-Bold').fontSize(22).text('INVOICE', left, 56);
  const seller = [issuer.name, ...issuer.address, ...(issuer.taxId ? [`Tax ID: ${issuer.taxId}`] : []), issuer.url];
  doc.font('Helvetica').fontSize(10).fillColor('#555').text(seller.join('\n'), left, 60, { width, align: 'right' });
  doc.moveDown(2).fillColor('#000');

  const top = doc.y;
  doc.font('Helvetica-Bold').fontSize(11).text(`Invoice #${invoice.id}`, left, top);
  doc.font('Helvetica').fontSize(10);
  doc.text(`Status: ${invoice.status}`);
  doc.text(`Invoice date: ${day(invoice.date)}`);
  doc.text(`Due date: ${day(invoice.duedate)}`);
  if (invoice.datepaid) doc.text(`Date paid: ${day(invoice.datepaid)}`);
  if (invoice.payment_method) doc.text(`Payment method: ${invoice.payment_method}`);
  doc.font('Helvetica-Bold').text('Invoiced to', left + width / 2, top);
  doc.font('Helvetica').text(invoice.name, left + width / 2).text(invoice.email, left + width / 2);
  doc.moveDown(2);

  const row = (y: number, cells: [string, string], bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    doc.text(cells[0], left + 8, y, { width: width * 0.7 - 8 });
    doc.text(cells[1], left + width * 0.7, y, { width: width * 0.3 - 8, align: 'right' });
  };
  let y = Math.max(doc.y, top + 90);
  doc.rect(left, y - 6, width, 22).fill('#f0f0f0').fillColor('#000');
  row(y, ['Description', 'Amount'], true);
  y += 26;
  row(y, [invoice.description, money(invoice.total)]);
  y += 22;
  doc.moveTo(left, y).lineTo(right, y).strokeColor('#ccc').stroke();
  y += 8;
  row(y, ['Total', money(invoice.total)], true);
  y += 40;

  doc.font('Helvetica-Bold').fontSize(11).text('Transactions', left, y);
  y += 20;
  if (invoice.transactions.length === 0) {
    doc.font('Helvetica').fontSize(10).text('No payment has been received yet.', left + 8, y);
  } else {
    doc.rect(left, y - 6, width, 22).fill('#f0f0f0').fillColor('#000');
    doc.font('Helvetica-Bold').fontSize(10);
    doc.text('Transaction date', left + 8, y).text('Transaction id', left + width * 0.3, y).text('Amount', left + width * 0.7, y, { width: width * 0.3 - 8, align: 'right' });
    y += 26;
    doc.font('Helvetica');
    for (const t of invoice.transactions) {
      doc.text(day(t.date), left + 8, y).text(t.transid, left + width * 0.3, y).text(money(t.amountin), left + width * 0.7, y, { width: width * 0.3 - 8, align: 'right' });
      y += 18;
    }
  }
  doc.end();
  return done;
}
