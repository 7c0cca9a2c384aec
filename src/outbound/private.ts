// Which addresses `hotelsite links` keeps away from: a checker of a site's outbound links has no business
// reaching into the machine it runs on or its network (loopback, private, link-local such as a cloud's metadata
// service at 169.254.169.254), unless the user asks with --allow-private. IP literals are checked before
// connecting; host names through the connection's own DNS lookup, so the address checked is the one used.
import { lookup as dnsLookup } from "node:dns";
import { BlockList, isIP, type LookupFunction } from "node:net";

const RANGES: [string, number, "ipv4" | "ipv6", string][] = [
  ["0.0.0.0", 8, "ipv4", "this host"],
  ["127.0.0.0", 8, "ipv4", "loopback"],
  ["10.0.0.0", 8, "ipv4", "private"],
  ["172.16.0.0", 12, "ipv4", "private"],
  ["192.168.0.0", 16, "ipv4", "private"],
  ["169.254.0.0", 16, "ipv4", "link-local"],
  ["::", 128, "ipv6", "this host"],
  ["::1", 128, "ipv6", "loopback"],
  ["fc00::", 7, "ipv6", "private (unique local)"],
  ["fe80::", 10, "ipv6", "link-local"],
];

const lists = RANGES.map(([net, prefix, family, kind]) => {
  const list = new BlockList();
  list.addSubnet(net, prefix, family);
  return { list, family, kind };
});

/** The kind of a non-public address ("loopback", "private", "link-local", "this host"), or undefined for a public one. */
export function privateKind(address: string): string | undefined {
  let ip = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1) reaches the IPv4 host.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) ip = mapped[1];
  const v = isIP(ip);
  if (!v) return undefined;
  const family = v === 4 ? "ipv4" : "ipv6";
  return lists.find((l) => l.family === family && l.list.check(ip, family))?.kind;
}

/** The error a refused connection fails with; probe.ts words it. */
export const PRIVATE_CODE = "HOTELSITE_PRIVATE";

/** Why `address` of `host` is not checked, as the end of "skipped: ...". */
export const privateReason = (host: string, address: string, kind: string) =>
  `${host === address ? host : `${host} (${address})`} is a ${kind} address; hotelsite links checks public hosts only unless run with --allow-private`;

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
