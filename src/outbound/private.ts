// Which addresses `hotelsite links` keeps away from unless --allow-private: every IANA special-purpose range and IPv6
// outside global unicast, in any textual form the URL standard accepts; a host name's address is checked in the
// connection's own DNS lookup, so the address checked is the one used.
import { lookup as dnsLookup } from "node:dns";
import type { LookupFunction } from "node:net";

/** A range: its first address as written, its prefix length, and its kind in messages. */
type Range = [string, number, string];

const IPV4: Range[] = [
  ["0.0.0.0", 8, "this host"],
  ["10.0.0.0", 8, "private"],
  ["100.64.0.0", 10, "shared (carrier-grade NAT)"],
  ["127.0.0.0", 8, "loopback"],
  ["169.254.0.0", 16, "link-local"],
  ["172.16.0.0", 12, "private"],
  ["192.0.0.0", 24, "IETF protocol assignment"],
  ["192.0.2.0", 24, "documentation"],
  ["192.31.196.0", 24, "AS112"],
  ["192.52.193.0", 24, "AMT"],
  ["192.88.99.0", 24, "6to4 relay"],
  ["192.168.0.0", 16, "private"],
  ["192.175.48.0", 24, "AS112"],
  ["198.18.0.0", 15, "benchmarking"],
  ["198.51.100.0", 24, "documentation"],
  ["203.0.113.0", 24, "documentation"],
  ["224.0.0.0", 4, "multicast"],
  ["240.0.0.0", 4, "reserved"],
];

const IPV6: Range[] = [
  ["::", 128, "this host"],
  ["::1", 128, "loopback"],
  ["::ffff:0:0", 96, "IPv4-mapped"],
  ["::", 96, "IPv4-compatible"],
  ["64:ff9b::", 96, "NAT64"],
  ["64:ff9b:1::", 48, "NAT64 (local use)"],
  ["100::", 64, "discard-only"],
  ["2001::", 32, "Teredo"],
  ["2001:db8::", 32, "documentation"],
  ["2001::", 23, "IETF protocol assignment"],
  ["2002::", 16, "6to4"],
  ["2620:4f:8000::", 48, "AS112"],
  ["3fff::", 20, "documentation"],
  ["5f00::", 16, "segment routing"],
  ["fc00::", 7, "private (unique local)"],
  ["fe80::", 10, "link-local"],
  ["fec0::", 10, "site-local"],
  ["ff00::", 8, "multicast"],
  // Anything else outside global unicast is reserved by the IETF.
  ["::", 0, "reserved"],
];

/** An IPv4 address (dotted, as the URL standard normalises it) as a number, or undefined. */
function v4(ip: string): bigint | undefined {
  const parts = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(ip)?.slice(1).map(Number);
  return parts && parts.every((p) => p <= 255) ? parts.reduce((n, p) => (n << 8n) | BigInt(p), 0n) : undefined;
}

/** An IPv6 address (hex groups, `::` and a dotted tail allowed) as a number, or undefined. */
function v6(ip: string): bigint | undefined {
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
  let text = ip;
  if (dotted) {
    const n = v4(dotted[1]);
    if (n === undefined) return undefined;
    text = ip.slice(0, dotted.index) + `${(n >> 16n).toString(16)}:${(n & 0xffffn).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return undefined;
  const groups = halves.map((h) => (h ? h.split(":") : []));
  const missing = 8 - groups.reduce((n, g) => n + g.length, 0);
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const all = halves.length === 1 ? groups[0] : [...groups[0], ...Array<string>(missing).fill("0"), ...groups[1]];
  if (!all.every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return undefined;
  return all.reduce((n, g) => (n << 16n) | BigInt(parseInt(g, 16)), 0n);
}

const compiled = (ranges: Range[], bits: bigint, parse: (ip: string) => bigint | undefined) =>
  ranges.map(([net, prefix, kind]) => ({ shift: bits - BigInt(prefix), net: parse(net)!, kind }));
const IPV4_RANGES = compiled(IPV4, 32n, v4);
const IPV6_RANGES = compiled(IPV6, 128n, v6);
const GLOBAL_UNICAST = v6("2000::")!;

/** The address normalised by the URL standard (any IPv4 notation, IPv6 compressed), or undefined for a host name. */
function normalised(address: string): string | undefined {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  try {
    const host = new URL(`http://${bare.includes(":") ? `[${bare}]` : bare}/`).hostname;
    return /^\[.*\]$|^[\d.]+$/.test(host) ? host.replace(/^\[|\]$/g, "") : undefined;
  } catch {
    return undefined;
  }
}

/** The kind of a non-public address ("loopback", "private", "NAT64", ...), or undefined for a public one or a name. */
export function privateKind(address: string): string | undefined {
  const ip = normalised(address);
  if (ip === undefined) return undefined;
  const four = v4(ip);
  if (four !== undefined) return IPV4_RANGES.find((r) => four >> r.shift === r.net >> r.shift)?.kind;
  const six = v6(ip);
  if (six === undefined) return undefined;
  const range = IPV6_RANGES.find((r) => six >> r.shift === r.net >> r.shift);
  // Global unicast (2000::/3) is public unless a range inside it says otherwise; the catch-all says the rest.
  if (!range || (range.kind === "reserved" && six >> 125n === GLOBAL_UNICAST >> 125n)) return undefined;
  // An IPv4 address written as IPv6 names its IPv4 address too.
  const embedded = /IPv4/.test(range.kind) ? six & 0xffffffffn : undefined;
  if (embedded === undefined) return range.kind;
  const dotted = [24n, 16n, 8n, 0n].map((s) => (embedded >> s) & 0xffn).join(".");
  return `${range.kind} (${dotted}, ${privateKind(dotted) ?? "public"})`;
}

/** The error a refused connection fails with; probe.ts words it. */
export const PRIVATE_CODE = "HOTELSITE_PRIVATE";

/** Why `address` of `host` is not checked, as the end of "skipped: ...". */
export const privateReason = (host: string, address: string, kind: string) =>
  `${host === address ? host : `${host} (${address})`} is ${/^[aeiou]/i.test(kind) ? "an" : "a"} ${kind} address; hotelsite links checks public hosts only unless run with --allow-private`;

/** A DNS lookup for http.request that fails with PRIVATE_CODE when the host name resolves to a non-public address. */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, "");
    const bad = addresses.find((a) => privateKind(a.address));
    if (bad) {
      return callback(Object.assign(new Error(privateReason(hostname, bad.address, privateKind(bad.address)!)), { code: PRIVATE_CODE }), "");
    }
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
};
