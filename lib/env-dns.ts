/** DNS_SERVERS and DNS_TIMEOUT_MS: the resolvers of the address checks, and how long one lookup may take. */
import { isIP } from "node:net";
import { ConfigError, type RawEnv } from "./env-rules";

export interface DnsSettings {
  /** `ip` or `ip:port` (IPv6 with a port as `[ip]:port`), as `Resolver.setServers` takes them; null: the system's. */
  servers: string[] | null;
  timeoutMs: number;
}

/** One entry of DNS_SERVERS, checked: an IP address with an optional port. */
function server(entry: string): string {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  const hostPort = /^([^:]+):(\d+)$/.exec(entry);
  const [ip, port] = bracketed ? [bracketed[1]!, bracketed[2]] : hostPort ? [hostPort[1]!, hostPort[2]] : [entry];
  const portOk = port === undefined || (Number(port) >= 1 && Number(port) <= 65535);
  if (isIP(ip) === 0 || !portOk)
    throw new ConfigError(
      "DNS_SERVERS",
      `must be comma-separated ip[:port] entries such as 1.1.1.1,8.8.8.8:53 ("${entry}")`,
    );
  return entry;
}

export function dnsOf(raw: RawEnv): DnsSettings {
  const servers = raw.DNS_SERVERS
    ? raw.DNS_SERVERS.split(",")
        .map((s) => s.trim())
        .filter(Boolean)
        .map(server)
    : null;
  const timeoutMs = Number(raw.DNS_TIMEOUT_MS ?? 3000);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > 60_000)
    throw new ConfigError("DNS_TIMEOUT_MS", "must be a whole number of milliseconds between 1 and 60000");
  return { servers: servers && servers.length > 0 ? servers : null, timeoutMs };
}
