import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

/**
 * Which addresses an outbound webhook may reach (unless ALLOW_PRIVATE_WEBHOOKS), on ipaddr.js's
 * maintained table of special-purpose ranges (IANA registries): only addresses ipaddr.js calls
 * `unicast` are public. Everything else is refused: loopback, private, link-local (incl. the cloud
 * metadata address 169.254.169.254), unique-local, CGNAT, multicast, broadcast, unspecified,
 * reserved (192.0.0.0/24, the documentation ranges 192.0.2.0/24, 198.51.100.0/24, 203.0.113.0/24,
 * 2001:db8::/32, benchmarking 198.18.0.0/15, 240.0.0.0/4 …), Teredo, ORCHID, discard, AS112, AMT.
 * Addresses that embed an IPv4 address (IPv4-mapped, IPv4-translated, NAT64 64:ff9b::/96, 6to4)
 * are judged by the embedded address; the deprecated IPv4-compatible ::/96 is refused outright.
 */
export function isForbiddenAddress(address: string): boolean {
  const text = address.replace(/^\[|\]$/g, "");
  if (isIP(text) === 0) return true; // not an IP address at all: fail closed
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.parse(text);
  } catch {
    return true;
  }
  if (ip.kind() === "ipv4") return ip.range() !== "unicast";
  const v6 = ip as ipaddr.IPv6;
  const embedded = embeddedIPv4(v6);
  if (embedded) return embedded.range() !== "unicast";
  const parts = v6.parts;
  if (parts.slice(0, 6).every((p) => p === 0)) return true; // ::/96 (unspecified, loopback, IPv4-compatible)
  return v6.range() !== "unicast";
}

/** The IPv4 address inside an IPv4-mapped, IPv4-translated, NAT64 (well-known prefix) or 6to4 address. */
function embeddedIPv4(ip: ipaddr.IPv6): ipaddr.IPv4 | null {
  const p = ip.parts;
  const v4 = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 255, lo >> 8, lo & 255]);
  switch (ip.range()) {
    case "ipv4Mapped": // ::ffff:0:0/96
    case "rfc6145": // ::ffff:0:0:0/96
      return v4(p[6]!, p[7]!);
    case "rfc6052": // the well-known NAT64 prefix 64:ff9b::/96; the local-use 64:ff9b:1::/48 stays refused
      return p.slice(2, 6).every((x) => x === 0) ? v4(p[6]!, p[7]!) : null;
    case "6to4": // 2002:AABB:CCDD::/48
      return v4(p[1]!, p[2]!);
    default:
      return null;
  }
}

const METADATA_HOSTS = new Set(["metadata.google.internal", "metadata", "instance-data", "metadata.azure.internal"]);

export function isForbiddenHostname(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  return host === "localhost" || host.endsWith(".localhost") || METADATA_HOSTS.has(host);
}
