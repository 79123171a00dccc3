import { describe, expect, it } from "vitest";
import { addressBucket, normalizeAddress, parseProxyList, resolveClientAddress, type ProxyTrust } from "@/lib/contracts/client-address";
import { readConfig } from "@/lib/config";

const none: ProxyTrust = { kind: "none" };

describe("the client's address", () => {
  it("is the socket's peer when no proxy is trusted, whatever X-Forwarded-For says", () => {
    expect(resolveClientAddress("203.0.113.7", undefined, none)).toBe("203.0.113.7");
    expect(resolveClientAddress("203.0.113.7", "198.51.100.1", none)).toBe("203.0.113.7");
    expect(resolveClientAddress("203.0.113.7", "198.51.100.1, 198.51.100.2", none)).toBe("203.0.113.7");
    expect(resolveClientAddress("::ffff:203.0.113.7", ["10.0.0.1", "10.0.0.2"], none)).toBe("203.0.113.7");
    expect(resolveClientAddress(undefined, "198.51.100.1", none)).toBe("unknown");
  });

  it("behind N trusted hops is the entry the farthest of them appended, never one the client wrote", () => {
    const one: ProxyTrust = { kind: "hops", hops: 1 };
    // The proxy (10.0.0.5) appended the client's address; a client's own entry sits further left.
    expect(resolveClientAddress("10.0.0.5", "203.0.113.7", one)).toBe("203.0.113.7");
    expect(resolveClientAddress("10.0.0.5", "6.6.6.6, 203.0.113.7", one)).toBe("203.0.113.7");
    const two: ProxyTrust = { kind: "hops", hops: 2 };
    expect(resolveClientAddress("10.0.0.9", "6.6.6.6, 203.0.113.7, 10.0.0.5", two)).toBe("203.0.113.7");
    // Several X-Forwarded-For headers read as one list, in order.
    expect(resolveClientAddress("10.0.0.9", ["6.6.6.6, 203.0.113.7", "10.0.0.5"], two)).toBe("203.0.113.7");
    // Fewer entries than hops: the farthest known address.
    expect(resolveClientAddress("10.0.0.5", undefined, two)).toBe("10.0.0.5");
  });

  it("behind listed proxies is the nearest entry that is not one of them", () => {
    const trust: ProxyTrust = { kind: "proxies", proxies: ["10.0.0.0/8", "2001:db8::1"] };
    expect(resolveClientAddress("10.1.2.3", "203.0.113.7", trust)).toBe("203.0.113.7");
    expect(resolveClientAddress("10.1.2.3", "6.6.6.6, 203.0.113.7, 10.9.9.9", trust)).toBe("203.0.113.7");
    expect(resolveClientAddress("2001:db8::1", "[2001:db8:5::7]:4711", trust)).toBe("2001:db8:5::7");
    // A peer that is not a listed proxy is the client: its X-Forwarded-For is its own invention.
    expect(resolveClientAddress("203.0.113.7", "6.6.6.6", trust)).toBe("203.0.113.7");
  });

  it("reads the spellings proxies use: ports, brackets, quotes, IPv4 inside IPv6", () => {
    expect(normalizeAddress("203.0.113.7:5123")).toBe("203.0.113.7");
    expect(normalizeAddress("[2001:DB8::7]:443")).toBe("2001:db8::7");
    expect(normalizeAddress('"[2001:db8::7]"')).toBe("2001:db8::7");
    expect(normalizeAddress("::FFFF:198.51.100.4")).toBe("198.51.100.4");
    expect(normalizeAddress("x".repeat(500))).toHaveLength(100);
  });

  it("counts an IPv6 client by its /64 and an IPv4 one alone", () => {
    expect(addressBucket("2001:db8:1:2:aaaa::1")).toBe("2001:0db8:0001:0002::/64");
    expect(addressBucket("2001:db8:1:2:ffff:ffff:ffff:ffff")).toBe("2001:0db8:0001:0002::/64");
    expect(addressBucket("2001:db8::1")).toBe("2001:0db8:0000:0000::/64");
    expect(addressBucket("203.0.113.7")).toBe("203.0.113.7");
    expect(addressBucket("unknown")).toBe("unknown");
  });
});

describe("TRUSTED_PROXY_HOPS and TRUSTED_PROXIES", () => {
  it("are off by default", () => {
    expect(readConfig({}).proxyTrust).toEqual({ kind: "none" });
  });

  it("take a hop count or a list of addresses and networks", () => {
    expect(readConfig({ TRUSTED_PROXY_HOPS: "2" }).proxyTrust).toEqual({ kind: "hops", hops: 2 });
    expect(readConfig({ TRUSTED_PROXIES: "10.0.0.0/8, 127.0.0.1,::1" }).proxyTrust).toEqual({ kind: "proxies", proxies: ["10.0.0.0/8", "127.0.0.1", "::1"] });
  });

  it("refuse what they cannot mean, and both at once", () => {
    expect(() => readConfig({ TRUSTED_PROXY_HOPS: "0" })).toThrow(/TRUSTED_PROXY_HOPS/);
    expect(() => readConfig({ TRUSTED_PROXY_HOPS: "two" })).toThrow(/TRUSTED_PROXY_HOPS/);
    expect(() => readConfig({ TRUSTED_PROXIES: "10.0.0.0/33" })).toThrow(/no valid prefix length/);
    expect(() => readConfig({ TRUSTED_PROXIES: "proxy.internal" })).toThrow(/not an IP address/);
    expect(() => readConfig({ TRUSTED_PROXY_HOPS: "1", TRUSTED_PROXIES: "10.0.0.1" })).toThrow(/not both/);
    expect(parseProxyList(" , ").problems).toEqual(["names no proxy"]);
  });
});
