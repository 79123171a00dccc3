import { BlockList, isIP } from "node:net";

// Which address a request came from. `next start` passes a client's own
// X-Forwarded-For through untouched and adds the socket's address only when
// the client sent none, so no header a route sees can be believed. The app's
// server (server.ts) therefore works the address out from the socket itself,
// believing forwarded addresses only as far as the operator says proxies
// stand in front of it, and hands it on in one header of its own, replacing
// whatever a client put there.
//
// server.ts imports this file directly (Node strips its types), so it
// imports nothing through the "@/" alias.

/** The header the app's server sets to the client's address on every request. */
export const CLIENT_ADDRESS_HEADER = "x-client-address";

/**
 * Which forwarded addresses to believe: none (the socket's peer is the
 * client), the last `hops` entries (that many proxies append to
 * X-Forwarded-For in front of the app), or the entries appended by the
 * listed proxy addresses and networks.
 */
export type ProxyTrust = { kind: "none" } | { kind: "hops"; hops: number } | { kind: "proxies"; proxies: string[] };

/** What a request whose address cannot be known is counted as: all such requests share one limit. */
export const UNKNOWN_ADDRESS = "unknown";

const MAX_ENTRY_CHARS = 100;

/** An address as a forwarded header or a socket spells it, without brackets, port or IPv4-in-IPv6 wrapping. */
export function normalizeAddress(raw: string): string {
  let value = raw.trim().replace(/^"|"$/g, "");
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) value = bracketed[1];
  else if (/^[\d.]+:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(":"));
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(value);
  if (mapped) value = mapped[1];
  return isIP(value) === 6 ? value.toLowerCase() : value.slice(0, MAX_ENTRY_CHARS);
}

/** Why an entry of a trusted-proxy list is not an address or a network, or null when it is one. */
function proxyEntryProblem(entry: string): string | null {
  const [address, prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return `"${entry}" is not an IP address or a network such as 10.0.0.0/8`;
  if (prefix !== undefined && (!/^\d+$/.test(prefix) || Number(prefix) > (family === 4 ? 32 : 128))) return `"${entry}" has no valid prefix length`;
  return null;
}

/** A TRUSTED_PROXIES value as its entries, or the problems with it. */
export function parseProxyList(value: string): { proxies: string[]; problems: string[] } {
  const proxies = value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const problems = proxies.map(proxyEntryProblem).filter((problem): problem is string => problem !== null);
  if (proxies.length === 0) problems.push("names no proxy");
  return { proxies, problems };
}

function proxyBlockList(proxies: string[]): BlockList {
  const list = new BlockList();
  for (const entry of proxies) {
    const [address, prefix] = entry.split("/");
    const type = isIP(address) === 6 ? "ipv6" : "ipv4";
    if (prefix === undefined) list.addAddress(normalizeAddress(address), type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

/** The entries of every X-Forwarded-For header a request carries, nearest proxy last. */
function forwardedEntries(header: string | string[] | undefined): string[] {
  const joined = Array.isArray(header) ? header.join(",") : (header ?? "");
  return joined
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map(normalizeAddress);
}

function isTrustedProxy(list: BlockList, address: string): boolean {
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 6 ? "ipv6" : "ipv4");
}

/**
 * The client's address: the socket's peer, unless trusted proxies stand in
 * front of it, whose forwarded entries are then read from the nearest one
 * back. Entries further left than the trust reaches were written by the
 * client and are never read.
 */
export function resolveClientAddress(socketAddress: string | undefined, forwardedFor: string | string[] | undefined, trust: ProxyTrust): string {
  const peer = socketAddress ? normalizeAddress(socketAddress) : UNKNOWN_ADDRESS;
  if (trust.kind === "none") return peer;
  const chain = [...forwardedEntries(forwardedFor), peer];
  if (trust.kind === "hops") return chain[Math.max(0, chain.length - 1 - trust.hops)];
  const list = proxyBlockList(trust.proxies);
  let at = chain.length - 1;
  while (at > 0 && isTrustedProxy(list, chain[at])) at -= 1;
  return chain[at];
}

/**
 * The key a rate limit counts an address under. An IPv6 client is usually
 * handed a whole /64, so its addresses count as one; an IPv4 address counts
 * alone.
 */
export function addressBucket(address: string): string {
  if (isIP(address) !== 6) return address;
  const [head, tail = ""] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = address.includes("::") ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.padStart(4, "0"))
    .join(":")}::/64`;
}

// server.ts marks the process before Next loads, so a route can tell the header
// was set by it; under a bare `next start` a client could have written it.
const SERVED_BY_APP_SERVER = Symbol.for("episodic-buffer.app-server");
type Marked = typeof globalThis & { [SERVED_BY_APP_SERVER]?: boolean };

export function markServedByAppServer(): void {
  (globalThis as Marked)[SERVED_BY_APP_SERVER] = true;
}

/** Whether requests reach this process through the app's server, which sets CLIENT_ADDRESS_HEADER on each. */
export function servedByAppServer(): boolean {
  return (globalThis as Marked)[SERVED_BY_APP_SERVER] === true;
}
