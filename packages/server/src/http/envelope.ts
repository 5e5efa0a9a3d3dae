/** The one place the server builds response envelopes. */
import type { Header, HeaderStatus } from '@partner-panel/sdk';

export function envelope<B>(code: Header['code'], status: HeaderStatus, message: string, body: B) {
  return { header: { code, status, message }, body };
}

/** A handler's answer with a message for the envelope header. */
export class Answer<B> {
  constructor(
    readonly body: B,
    readonly message: string,
  ) {}
}

export const answer = <B>(body: B, message: string) => new Answer(body, message);
