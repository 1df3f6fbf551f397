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
    return ip === "::" || ip === "::1" || /^f[cd]/.test(ip) || /^fe[89ab]/.test(ip) || /^ff/.test(ip) || ip.startsWith("fd00:ec2::");
  }
  return true;
}

const METADATA_HOSTS = new Set(["metadata.google.internal", "metadata", "instance-data", "metadata.azure.internal"]);

export function isForbiddenHostname(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  return host === "localhost" || host.endsWith(".localhost") || METADATA_HOSTS.has(host);
}
