// Which addresses `hotelsite links` keeps away from: every range the issue names, their edges, IPv4 written as
// IPv6, and public addresses on either side of each private range.
import { describe, expect, it } from "vitest";
import { privateKind, publicOnlyLookup } from "../../src/outbound/private.js";

describe("privateKind", () => {
  it("names loopback, private, link-local and this-host addresses, IPv4 and IPv6", () => {
    const cases: [string, string][] = [
      ["127.0.0.1", "loopback"],
      ["127.255.255.254", "loopback"],
      ["::1", "loopback"],
      ["[::1]", "loopback"],
      ["::ffff:127.0.0.1", "loopback"],
      ["10.0.0.1", "private"],
      ["172.16.0.1", "private"],
      ["172.31.255.255", "private"],
      ["192.168.1.1", "private"],
      ["169.254.169.254", "link-local"],
      ["fe80::1", "link-local"],
      ["fe80::1%eth0", "link-local"],
      ["fd12:3456::1", "private (unique local)"],
      ["fc00::1", "private (unique local)"],
      ["0.0.0.0", "this host"],
      ["::", "this host"],
    ];
    for (const [ip, kind] of cases) expect(privateKind(ip), ip).toBe(kind);
  });

  it("leaves public addresses and host names alone", () => {
    for (const ip of ["8.8.8.8", "172.15.255.255", "172.32.0.1", "192.169.0.1", "169.255.0.1", "11.0.0.1", "2001:db8::1", "2606:4700::1111", "www.booking.com"]) {
      expect(privateKind(ip), ip).toBeUndefined();
    }
  });
});

describe("publicOnlyLookup", () => {
  it("refuses a host name that resolves to loopback, with the address in the message", async () => {
    const err = await new Promise<NodeJS.ErrnoException | null>((resolve) => publicOnlyLookup("localhost", {}, (e) => resolve(e)));
    expect(err?.code).toBe("HOTELSITE_PRIVATE");
    expect(err?.message).toMatch(/^localhost \((127\.0\.0\.1|::1)\) is a loopback address;/);
  });
});
