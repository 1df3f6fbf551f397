import { isIP } from "node:net";

/**
 * Addresses an outbound webhook must not reach (unless ALLOW_PRIVATE_WEBHOOKS): loopback,
 * private ranges, link-local (incl. cloud metadata 169.254.169.254), CGNAT, multicast, unspecified.
 */
export function isForbiddenAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, "").toLowerCase();
  const v4mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
  if (v4mapped) return isForbiddenAddress(v4mapped[1]!);
  if (isIP(ip) === 4) {
    const [a, b] = ip.split(".").map(Number) as [number, number, number, number];
    return (
      a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127) || (a === 192 && b === 0) || (a === 198 && (b === 18 || b === 19)) || a >= 224
    );
  }
  if (isIP(ip) === 6) {
    const g = ipv6Groups(ip);
    const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
    // ::/96 (unspecified, loopback, IPv4-compatible), ::ffff:0:0/96 (IPv4-mapped, which new URL()
    // writes as hex: [::ffff:7f00:1]), 64:ff9b::/96 (NAT64), 2002::/16 (6to4) embed an IPv4 address.
    if (g.slice(0, 6).every((x) => x === 0)) return true;
    if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return isForbiddenAddress(v4(g[6]!, g[7]!));
    if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return isForbiddenAddress(v4(g[6]!, g[7]!));
    if (g[0] === 0x2002) return isForbiddenAddress(v4(g[1]!, g[2]!));
    // fc00::/7 unique local (incl. fd00:ec2::254), fe80::/10 link-local, fec0::/10 site-local, ff00::/8 multicast.
    return (g[0]! & 0xfe00) === 0xfc00 || (g[0]! & 0xffc0) === 0xfe80 || (g[0]! & 0xffc0) === 0xfec0 || (g[0]! & 0xff00) === 0xff00;
  }
  return true;
}

/** The eight 16-bit groups of a valid IPv6 address (handles "::" and a trailing dotted IPv4 part). */
function ipv6Groups(ip: string): number[] {
  let text = ip;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::") as [string, string | undefined];
  const parse = (part: string) => (part ? part.split(":").map((x) => parseInt(x, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

const METADATA_HOSTS = new Set(["metadata.google.internal", "metadata", "instance-data", "metadata.azure.internal"]);

export function isForbiddenHostname(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  return host === "localhost" || host.endsWith(".localhost") || METADATA_HOSTS.has(host);
}
