/** The SMTP transport: nodemailer with a pooled connection to the configured server. */
import nodemailer from 'nodemailer';
import type { Transport } from './types.js';

export function createSmtpTransport(url: string, from: string): Transport {
  const transporter = nodemailer.createTransport(url);
  return {
    name: 'smtp',
    async deliver(mail) {
      await transporter.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: { 'X-Partner-Panel-Mail-Id': String(mail.id) },
      });
    },
    async close() {
      transporter.close();
    },
  };
}
