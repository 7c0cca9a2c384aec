// Which addresses `hotelsite links` keeps away from: every range of IANA's IPv4 and IPv6 special-purpose
// registries, multicast and IPv6 outside global unicast, each at its edges, in every textual form the URL standard
// reads (IPv4 as a decimal, octal or hex number, IPv6 full or compressed, IPv4 written inside IPv6), and public
// addresses on either side of each range.
import { describe, expect, it } from "vitest";
import { privateKind, publicOnlyLookup } from "../../src/outbound/private.js";

describe("privateKind", () => {
  it("names every special-purpose IPv4 range, at both ends", () => {
    const cases: [string, string][] = [
      ["0.0.0.0", "this host"],
      ["0.255.255.255", "this host"],
      ["10.0.0.0", "private"],
      ["10.255.255.255", "private"],
      ["100.64.0.0", "shared (carrier-grade NAT)"],
      ["100.100.100.200", "shared (carrier-grade NAT)"],
      ["100.127.255.255", "shared (carrier-grade NAT)"],
      ["127.0.0.1", "loopback"],
      ["127.255.255.254", "loopback"],
      ["169.254.169.254", "link-local"],
      ["172.16.0.1", "private"],
      ["172.31.255.255", "private"],
      ["192.0.0.0", "IETF protocol assignment"],
      ["192.0.0.170", "IETF protocol assignment"],
      ["192.0.2.1", "documentation"],
      ["192.31.196.1", "AS112"],
      ["192.52.193.1", "AMT"],
      ["192.88.99.1", "6to4 relay"],
      ["192.168.1.1", "private"],
      ["192.175.48.1", "AS112"],
      ["198.18.0.0", "benchmarking"],
      ["198.19.255.255", "benchmarking"],
      ["198.51.100.7", "documentation"],
      ["203.0.113.9", "documentation"],
      ["224.0.0.1", "multicast"],
      ["239.255.255.250", "multicast"],
      ["240.0.0.1", "reserved"],
      ["255.255.255.255", "reserved"],
    ];
    for (const [ip, kind] of cases) expect([ip, privateKind(ip)]).toEqual([ip, kind]);
  });

  it("names every special-purpose IPv6 range, multicast and all that is not global unicast", () => {
    const cases: [string, string][] = [
      ["::", "this host"],
      ["::1", "loopback"],
      ["[::1]", "loopback"],
      ["0:0:0:0:0:0:0:1", "loopback"],
      ["::ffff:127.0.0.1", "IPv4-mapped (127.0.0.1, loopback)"],
      ["::ffff:7f00:1", "IPv4-mapped (127.0.0.1, loopback)"],
      ["0:0:0:0:0:ffff:a9fe:a9fe", "IPv4-mapped (169.254.169.254, link-local)"],
      ["::ffff:8.8.8.8", "IPv4-mapped (8.8.8.8, public)"],
      ["::127.0.0.1", "IPv4-compatible (127.0.0.1, loopback)"],
      ["64:ff9b::a9fe:a9fe", "NAT64"],
      ["64:ff9b::8.8.8.8", "NAT64"],
      ["64:ff9b:1::1", "NAT64 (local use)"],
      ["100::1", "discard-only"],
      ["2001::1", "Teredo"],
      ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "Teredo"],
      ["2001:2::1", "IETF protocol assignment"],
      ["2001:1ff:ffff::1", "IETF protocol assignment"],
      ["2001:db8::1", "documentation"],
      ["2002:7f00:1::", "6to4"],
      ["2002:c0a8:101::1", "6to4"],
      ["2620:4f:8000::1", "AS112"],
      ["3fff::1", "documentation"],
      ["5f00::1", "segment routing"],
      ["fc00::1", "private (unique local)"],
      ["fd12:3456::1", "private (unique local)"],
      ["fe80::1", "link-local"],
      ["fe80::1%eth0", "link-local"],
      ["febf:ffff::1", "link-local"],
      ["fec0::1", "site-local"],
      ["ff02::1", "multicast"],
      ["ff05::1:3", "multicast"],
      ["4000::1", "reserved"],
      ["1fff:ffff::1", "reserved"],
      ["8000::", "reserved"],
    ];
    for (const [ip, kind] of cases) expect([ip, privateKind(ip)]).toEqual([ip, kind]);
  });

  it("reads IPv4 in every notation the URL standard accepts", () => {
    for (const ip of ["2130706433", "0x7f000001", "0x7f.1", "0177.0.0.1", "127.1", "0x7F.0.0.0x1", "017700000001"]) expect([ip, privateKind(ip)]).toEqual([ip, "loopback"]);
    expect(privateKind("2852039166")).toBe("link-local");
    expect(privateKind("0x64.0x40.0.1")).toBe("shared (carrier-grade NAT)");
  });

  it("leaves public addresses and host names alone, on either side of each range", () => {
    const publics = [
      "8.8.8.8", "1.1.1.1", "9.255.255.255", "11.0.0.0", "100.63.255.255", "100.128.0.0", "126.255.255.255", "128.0.0.0", "169.253.255.255", "169.255.0.0",
      "172.15.255.255", "172.32.0.0", "192.0.1.0", "192.0.3.0", "192.167.255.255", "192.169.0.0", "198.17.255.255", "198.20.0.0", "203.0.112.255", "223.255.255.255",
      "2606:4700::1111", "2a00:1450:4001::200e", "2001:200::1", "2001:4860:4860::8888", "2003::1", "2620:4f:7fff::1", "3ffe::1", "3fff:1000::1",
      "www.booking.com", "localhost.example.com", "example.123abc", "",
    ];
    for (const ip of publics) expect([ip, privateKind(ip)]).toEqual([ip, undefined]);
  });
});

describe("publicOnlyLookup", () => {
  it("refuses a host name that resolves to loopback, with the address in the message", async () => {
    const err = await new Promise<NodeJS.ErrnoException | null>((resolve) => publicOnlyLookup("localhost", {}, (e) => resolve(e)));
    expect(err?.code).toBe("HOTELSITE_PRIVATE");
    expect(err?.message).toMatch(/^localhost \((127\.0\.0\.1|::1)\) is a loopback address;/);
  });
});
