/**
 * Where a webhook may be sent. In production only `https://` to public addresses: a partner's
 * URL must not make our server reach our own network (loopback, private, link-local, the cloud
 * metadata address). The host is resolved again at every delivery, and the address the
 * connection uses is the one checked, so a name that later resolves inward is refused too.
 * Outside production (and with WEBHOOK_ALLOW_PRIVATE_DESTINATIONS) anything goes, so a partner
 * can try a receiver on their own machine.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

const inward = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  inward.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
  inward.addSubnet(net, prefix, 'ipv6');
}

/** Whether an address is one a partner's URL may not reach (loopback, private, link-local, …). */
export function isInwardAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped?.[1]) return inward.check(mapped[1], 'ipv4');
  const family = isIP(bare);
  if (family === 4) return inward.check(bare, 'ipv4');
  if (family === 6) return inward.check(bare, 'ipv6');
  return true;
}

export type DestinationProblem = 'url' | 'https' | 'address' | 'resolve';

/** What is wrong with a URL as a destination under the rules in force, or null. */
export async function checkDestination(raw: string, allowPrivate: boolean): Promise<DestinationProblem | null> {
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
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return isInwardAddress(host) ? 'address' : null;
  try {
    const found = await new Promise<LookupAddress[]>((resolve, reject) => dnsLookup(host, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));
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
