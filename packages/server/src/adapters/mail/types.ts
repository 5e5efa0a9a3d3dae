/** What the mail outbox takes in and what a transport delivers. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: string;
  resellerId?: number | null;
}

export interface OutgoingMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Transport {
  readonly name: 'outbox' | 'smtp';
  deliver(mail: OutgoingMail): Promise<void>;
  close(): Promise<void>;
}
