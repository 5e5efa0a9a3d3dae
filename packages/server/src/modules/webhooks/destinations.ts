/**
 * Where a webhook may be sent. In production only `https://` to public addresses: a partner's
 * URL must not make our server reach our own network, nor any address set apart for a special
 * purpose (IANA's IPv4 and IPv6 special-purpose registries: this network, private, shared CGNAT,
 * loopback, link-local, protocol assignments, documentation, benchmarking, reserved, multicast,
 * unique-local, site-local, discard-only, ORCHID, …). IPv6 forms that carry an IPv4 address
 * (mapped, compatible, translated, NAT64, 6to4) are judged by the IPv4 they carry. The host is
 * resolved again at every delivery, and the address the connection uses is the one checked, so a
 * name that later resolves inward is refused too. Outside production (and with
 * WEBHOOK_ALLOW_PRIVATE_DESTINATIONS) anything goes, so a partner can try a receiver on their own
 * machine.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** A URL's host name without the brackets of an IPv6 literal. */
const bareHost = (hostname: string) => hostname.replace(/^\[|\]$/g, '');

/**
 * IPv6 forms whose last 32 bits are an IPv4 address the packets end up at: IPv4-mapped,
 * IPv4-translated (RFC 6145), IPv4-compatible (deprecated, ::/96) and the well-known NAT64 prefix
 * (RFC 6052). 6to4 (2002::/16) carries it in bits 16–47 instead.
 */
const TAIL_IPV4 = ['::ffff:0:0/96', '::ffff:0:0:0/96', '::/96', '64:ff9b::/96'].map((cidr) => ipaddr.IPv6.parseCIDR(cidr));
const SIX_TO_FOUR = ipaddr.IPv6.parseCIDR('2002::/16');

/**
 * Special-purpose IPv6 ranges ipaddr.js's range() does not name (it names unspecified, loopback,
 * mapped, NAT64, discard, Teredo, protocol assignments, documentation, ORCHID, 6to4, unique-local,
 * site-local, link-local, multicast, …): the dummy prefix (RFC 9780), and everything outside the
 * global unicast space 2000::/3, which IANA has not handed out for public use.
 */
const V6_SPECIAL = ['100:0:0:1::/64'].map((cidr) => ipaddr.IPv6.parseCIDR(cidr));
const V6_GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');

/** The IPv4 address an IPv6 address stands for, if it is one of the forms that carry one. */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const parts = address.parts;
  if (TAIL_IPV4.some((range) => address.match(range))) {
    return new ipaddr.IPv4([(parts[6] as number) >> 8, (parts[6] as number) & 0xff, (parts[7] as number) >> 8, (parts[7] as number) & 0xff]);
  }
  if (address.match(SIX_TO_FOUR)) {
    return new ipaddr.IPv4([(parts[1] as number) >> 8, (parts[1] as number) & 0xff, (parts[2] as number) >> 8, (parts[2] as number) & 0xff]);
  }
  return null;
}

/** Whether a parsed address is not a public unicast one (IPv4 ranges: ipaddr.js names them all). */
function isSpecial(address: Address): boolean {
  if (address.kind() === 'ipv4') return address.range() !== 'unicast';
  const v6 = address as ipaddr.IPv6;
  const carried = embeddedIPv4(v6);
  if (carried) return isSpecial(carried);
  return v6.range() !== 'unicast' || !v6.match(V6_GLOBAL_UNICAST) || V6_SPECIAL.some((range) => v6.match(range));
}

/**
 * Whether an address is one a partner's URL may not reach. Anything that is not an address
 * (a name, a malformed literal) counts as inward: only a checked address is ever let through.
 */
export function isInwardAddress(text: string): boolean {
  const bare = bareHost(text);
  if (!ipaddr.isValid(bare)) return true;
  return isSpecial(ipaddr.parse(bare));
}

/** Whether a URL's host name is an address literal (an IPv4 form the URL parser normalised, or [IPv6]). */
export const isAddressLiteral = (hostname: string) => isIP(bareHost(hostname)) !== 0;

export type DestinationProblem = 'url' | 'https' | 'address' | 'resolve';

type Resolve = (host: string) => Promise<LookupAddress[]>;
const resolveAll: Resolve = (host) =>
  new Promise((resolve, reject) => dnsLookup(host, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));

/**
 * What is wrong with a URL as a destination under the rules in force, or null: the same rule at
 * creation, at a change, before a test or a resend, and (by `guardedLookup`) at each delivery.
 */
export async function checkDestination(raw: string, allowPrivate: boolean, resolve: Resolve = resolveAll): Promise<DestinationProblem | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'url';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'url';
  if (url.username || url.password || !url.hostname) return 'url';
  if (allowPrivate) return null;
  if (url.protocol !== 'https:') return 'https';
  if (isAddressLiteral(url.hostname)) return isInwardAddress(url.hostname) ? 'address' : null;
  try {
    const found = await resolve(bareHost(url.hostname));
    if (found.length === 0) return 'resolve';
    return found.some((a) => isInwardAddress(a.address)) ? 'address' : null;
  } catch {
    return 'resolve';
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` for http(s).request that refuses inward addresses: the address connected to is the one checked. */
export function guardedLookup(hostname: string, options: { all?: boolean }, callback: LookupCallback) {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '');
    const list = addresses as LookupAddress[];
    const refused = list.find((a) => isInwardAddress(a.address));
    if (refused || list.length === 0) {
      const blocked = Object.assign(new Error(`${hostname} resolves to ${refused?.address ?? 'no address'}, which webhooks may not reach`), { code: 'EWEBHOOKADDRESS' });
      return callback(blocked, '');
    }
    if (options.all) return callback(null, list);
    const first = list[0] as LookupAddress;
    return callback(null, first.address, first.family);
  });
}
