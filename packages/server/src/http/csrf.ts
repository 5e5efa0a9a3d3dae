/**
 * CSRF: a signed double-submit token. GET /api/csrf sets the XSRF-TOKEN cookie; every state-changing
 * call must echo it in the CSRF-Token header. The signature stops a cookie planted by a sibling
 * subdomain from passing, since only this server can sign one.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { randomId } from '../random.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER } from '@partner-panel/sdk';
import { fail } from './errors.js';

export function createCsrf(secret: string, secureCookies: boolean) {
  const sign = (nonce: string) => createHmac('sha256', secret).update(`csrf:${nonce}`).digest('base64url');

  function issue(reply: FastifyReply): string {
    const nonce = randomId(18).toString('base64url');
    const token = `${nonce}.${sign(nonce)}`;
    reply.setCookie(CSRF_COOKIE, token, {
      path: '/',
      httpOnly: false, // the browser's script reads it to fill the header
      sameSite: 'lax',
      secure: secureCookies,
      maxAge: 60 * 60 * 24 * 7,
    });
    return token;
  }

  function valid(token: string): boolean {
    const [nonce, signature] = token.split('.');
    if (!nonce || !signature) return false;
    const expected = Buffer.from(sign(nonce));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  /** onRequest hook of every call that needs the header. */
  async function check(request: FastifyRequest) {
    const header = request.headers[CSRF_HEADER.toLowerCase()];
    const sent = Array.isArray(header) ? header[0] : header;
    const cookie = request.cookies[CSRF_COOKIE];
    if (!sent || !cookie) throw fail('csrfMissing');
    const a = Buffer.from(sent);
    const b = Buffer.from(cookie);
    if (a.length !== b.length || !timingSafeEqual(a, b) || !valid(cookie)) throw fail('csrfMismatch');
  }

  /**
   * The check of calls made from a page partners frame on their own sites (the redeem widget).
   * There browsers withhold our cookies as third-party ones, so the header alone passes when this
   * server signed it (the token of GET /api/csrf's body); a cookie, when one is sent, must match.
   * These calls act for no signed-in user, so no ambient credential is at stake.
   */
  async function checkEmbedded(request: FastifyRequest) {
    const header = request.headers[CSRF_HEADER.toLowerCase()];
    const sent = Array.isArray(header) ? header[0] : header;
    if (!sent) throw fail('csrfMissing');
    const cookie = request.cookies[CSRF_COOKIE];
    if (cookie !== undefined) return check(request);
    if (!valid(sent)) throw fail('csrfMismatch');
  }

  return { issue, check, checkEmbedded };
}

export type Csrf = ReturnType<typeof createCsrf>;
