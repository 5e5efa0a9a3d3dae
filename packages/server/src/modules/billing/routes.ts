/** Billing calls (002 §7): payment methods, payments, the success page's check, invoices, transactions. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RESTRICTED_RESELLER_ID, contract, successes } from '@partner-panel/sdk';
import { answer } from '../../http/envelope.js';
import { fail } from '../../http/errors.js';
import { serve, type ServeOptions } from '../../http/route.js';
import { exportFileName, issueTicket, readTicket, sendCsv } from '../exports/ticket.js';
import { invoiceExportStream, transactionExportStream, type InvoiceExportFilter, type TransactionExportFilter } from './export.js';
import { invoicePdf } from './invoice-pdf.js';
import { localeOr } from '../../locales.js';
import { getInvoice, listInvoices } from './invoices.js';
import { latestPayments, paymentMethods, startCardPayment, startRedirectPayment, verifyPayment } from './payments.js';
import { getTransaction, listTransactions } from './transactions.js';

/** The partner reseller has no wallet and no billing (000 §6): its charges are settled with us. */
async function notForPartner(request: FastifyRequest) {
  if (request.reseller?.id === RESTRICTED_RESELLER_ID) throw fail('restricted');
}
const billing: ServeOptions = { preHandler: [notForPartner] };

export function billingRoutes(app: FastifyInstance) {
  const { ctx } = app;

  serve(app, contract.paymentMethods, async () => ({ payment_methods: paymentMethods(ctx) }), billing);

  serve(app, contract.payments, async ({ reseller }) => ({ payment_methods: paymentMethods(ctx), payments: await latestPayments(ctx, reseller.id) }), billing);

  serve(
    app,
    contract.payByTestCard,
    async ({ body, reseller, ip }) => answer(await startCardPayment(ctx, reseller, 'testgateway', body, ip), successes.confirmPayment),
    billing,
  );

  serve(
    app,
    contract.payByCard,
    async ({ body, reseller, ip }) => answer(await startCardPayment(ctx, reseller, 'stripe', body, ip), successes.confirmPayment),
    billing,
  );

  serve(
    app,
    contract.payByRedirect,
    async ({ body, reseller, ip }) => answer(await startRedirectPayment(ctx, reseller, body, ip), successes.redirectingToPaypal),
    billing,
  );

  serve(
    app,
    contract.verifyPayment,
    async ({ body, reseller }) => {
      const result = await verifyPayment(ctx, reseller, body.payment_id);
      const message =
        result.payment.status === 'succeeded'
          ? successes.paymentReceived
          : result.payment.status === 'failed'
            ? result.payment.failure_message ?? successes.paymentFailed
            : successes.paymentConfirming;
      return answer(result, message);
    },
    billing,
  );

  serve(app, contract.invoices, async ({ body, reseller }) => listInvoices(ctx, reseller.id, body, false), billing);
  serve(app, contract.unpaidInvoices, async ({ body, reseller }) => listInvoices(ctx, reseller.id, body, true), billing);
  serve(app, contract.invoice, async ({ body, reseller }) => getInvoice(ctx, reseller.id, body.id), billing);

  serve(
    app,
    contract.invoicePdf,
    async ({ query, reseller, reply }) => {
      const invoice = await getInvoice(ctx, reseller.id, query.id);
      let pdf: Buffer;
      try {
        // In the language of the person who downloads it (English when they chose none).
        pdf = await invoicePdf(invoice, { ...ctx.config.seller, url: ctx.config.publicUrl }, localeOr(reseller.personLocale));
      } catch (error) {
        ctx.log.error({ err: error, invoice: invoice.id }, 'an invoice PDF could not be drawn');
        throw fail('fetchPdf');
      }
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="invoice-${invoice.id}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
    billing,
  );

  serve(app, contract.transactions, async ({ body, reseller }) => listTransactions(ctx, reseller.id, body), billing);
  serve(app, contract.transaction, async ({ body, reseller }) => getTransaction(ctx, reseller.id, body.id), billing);

  // The exports: a signed ticket for the caller's own list under its search, then the streamed file.
  serve(
    app,
    contract.transactionExportTicket,
    async ({ body, reseller }) => {
      const { ticket, expires_at } = issueTicket<TransactionExportFilter>(ctx, 'transactions', reseller.id, { search: body.search });
      return { url: `${contract.exportTransactions.path}?ticket=${encodeURIComponent(ticket)}`, expires_at };
    },
    billing,
  );

  serve(app, contract.exportTransactions, async ({ query, reply }) => {
    const ticket = readTicket<TransactionExportFilter>(ctx, 'transactions', query.ticket);
    return sendCsv(reply, exportFileName(ctx.clock.now(), 'transactions'), await transactionExportStream(ctx, ticket.owner, ticket.filter));
  });

  serve(
    app,
    contract.invoiceExportTicket,
    async ({ body, reseller }) => {
      const { ticket, expires_at } = issueTicket<InvoiceExportFilter>(ctx, 'invoices', reseller.id, { search: body.search, unpaid: body.unpaid });
      return { url: `${contract.exportInvoices.path}?ticket=${encodeURIComponent(ticket)}`, expires_at };
    },
    billing,
  );

  serve(app, contract.exportInvoices, async ({ query, reply }) => {
    const ticket = readTicket<InvoiceExportFilter>(ctx, 'invoices', query.ticket);
    return sendCsv(reply, exportFileName(ctx.clock.now(), ticket.filter.unpaid ? 'unpaid-invoices' : 'invoices'), await invoiceExportStream(ctx, ticket.owner, ticket.filter));
  });
}
