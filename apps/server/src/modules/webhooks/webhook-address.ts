import { lookup, promises as dns } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Where a webhook may be sent (docs/webhooks.md 'Addresses'). An admin types the URL and the server calls it, so in
 * production a URL must be https and must not lead into the service's own networks (SSRF): loopback, private,
 * link-local (cloud metadata at 169.254.169.254), carrier-grade NAT, multicast and reserved ranges are refused, for
 * IPv4, IPv6 and IPv4 written inside IPv6. The check runs when the URL is saved and again on every connection
 * (through the socket's own DNS lookup), so a name that later resolves to a private address is still refused.
 * Outside production http and loopback are allowed, for a receiver on the developer's machine and the tests.
 */
const BLOCKED = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  BLOCKED.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  BLOCKED.addSubnet(net, bits, 'ipv6');

/** Whether an IP address is one a production webhook may not reach. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return BLOCKED.check(address, 'ipv4');
  if (family !== 6) return true;
  // IPv4 written inside IPv6 (::ffff:10.0.0.1, ::ffff:a00:1, ::10.0.0.1): judged as the IPv4 address it is.
  const mapped = /^::(?:ffff:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return BLOCKED.check(mapped[1]!, 'ipv4');
  const hexMapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (hexMapped) {
    const [hi, lo] = [parseInt(hexMapped[1]!, 16), parseInt(hexMapped[2]!, 16)];
    return BLOCKED.check(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`, 'ipv4');
  }
  return BLOCKED.check(address, 'ipv6');
}

export type AddressPolicy = { production: boolean };

/**
 * A URL's host as it will be looked up and connected to, one spelling for each: the URL parser has already lowered
 * the case, turned an international name into its ASCII (punycode) form, and written decimal, octal, hex and short
 * IPv4 forms (`2130706433`, `0177.0.0.1`, `0x7f.1`, `127.1`) as dotted quads; here the IPv6 brackets and the
 * trailing dots of a fully qualified name go (`LOCALHOST.` is `localhost`). IPv4 inside IPv6 is judged as the IPv4
 * address it is (`isPrivateAddress`).
 */
export function normalHost(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '').replace(/\.+$/, '');
}

/**
 * Whether a URL's host is private without asking DNS: a literal private address, or a name that means this machine
 * whatever DNS says (RFC 6761 `localhost` and everything under it). Checked when the URL is saved and before each
 * connection; a name that resolves to a private address is caught by the lookups (`resolvesPrivate`, `guardedLookup`).
 */
export function hostIsPrivate(url: URL): boolean {
  const host = normalHost(url);
  return isIP(host) ? isPrivateAddress(host) : host === 'localhost' || host.endsWith('.localhost');
}

/** Why a URL cannot be an endpoint (a field message key), or null when its form is fine. Does not resolve names. */
export function urlProblem(raw: string, policy: AddressPolicy): 'webhookUrl' | 'webhookUrlPrivate' | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'webhookUrl';
  }
  const allowed = policy.production ? ['https:'] : ['https:', 'http:'];
  if (!allowed.includes(url.protocol) || url.username || url.password || url.hash) return 'webhookUrl';
  if (policy.production && hostIsPrivate(url)) return 'webhookUrlPrivate';
  return null;
}

/** Thrown by the guarded lookup; the delivery records its message (no address of ours is in it). */
export class PrivateAddressError extends Error {
  code = 'EWEBHOOKPRIVATE';
  constructor() {
    super('the address resolves to a private or loopback network');
  }
}

/**
 * A DNS lookup for the outgoing request's socket that refuses private addresses in production: the address checked
 * is the address connected to (no gap for DNS rebinding between a check and the connection).
 */
export function guardedLookup(policy: AddressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as unknown as { address: string; family: number }[];
      if (policy.production && (list.length === 0 || list.some((a) => isPrivateAddress(a.address))))
        return callback(new PrivateAddressError(), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: typeof list) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/** Resolves a saved URL's host and tells whether any of its addresses is private (checked when an admin saves it). */
export async function resolvesPrivate(raw: string): Promise<boolean> {
  const host = normalHost(new URL(raw));
  if (isIP(host)) return isPrivateAddress(host);
  try {
    const addresses = await dns.lookup(host, { all: true });
    return addresses.some((a) => isPrivateAddress(a.address));
  } catch {
    // A name that does not resolve now is not refused: deliveries fail and retry until it does.
    return false;
  }
}
