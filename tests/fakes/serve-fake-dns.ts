// Runs the fake DNS server (dns-server.ts) as a standalone server for the end-to-end tests and trying the address
// checks by hand:
//   node node_modules/tsx/dist/cli.mjs tests/fakes/serve-fake-dns.ts [port]
// DNS over UDP on 127.0.0.1:<port> (the app's DNS_SERVERS=127.0.0.1:<port>), answering the fixed zone of
// fake-dns-domains.ts (every other name has an MX record). Over HTTP on TCP 127.0.0.1:<port> (the same port number):
//   GET /__health                  Playwright's webServer check
//   GET /__queries?name=           the queries received for a name
//   POST /__hold { name }          the name (it has an MX record) gets no answer until released: a check that needs
//                                  it stays running (bounded by the app's DNS_TIMEOUT_MS)
//   POST /__release { name }       answers the held queries and the later ones at once
// The Playwright workers share this server: a test holds only names of its own (random ones).
import http from "node:http";
import { startFakeDns } from "./dns-server";
import { FAKE_DNS_FALLBACK, FAKE_DNS_ZONE } from "./fake-dns-domains";

const port = Number(process.argv[2] ?? process.env.FAKE_DNS_PORT ?? 3299);
const dns = await startFakeDns({ port });
for (const [domain, spec] of Object.entries(FAKE_DNS_ZONE)) dns.set(domain, spec);
dns.setFallback(FAKE_DNS_FALLBACK);

/** The held names and what releases each. */
const holds = new Map<string, () => void>();

function hold(name: string) {
  if (holds.has(name)) return;
  const released = new Promise<void>((resolve) => holds.set(name, resolve));
  dns.set(name, { ...FAKE_DNS_FALLBACK, until: released });
}

function release(name: string) {
  holds.get(name)?.();
  holds.delete(name);
  dns.set(name, FAKE_DNS_FALLBACK);
}

async function readName(req: http.IncomingMessage): Promise<string> {
  let text = "";
  for await (const chunk of req) text += String(chunk);
  const name = (JSON.parse(text || "{}") as { name?: unknown }).name;
  if (typeof name !== "string" || !name) throw new Error("name is required");
  return name.toLowerCase();
}

const control = http.createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  const send = (status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  if (req.method === "GET" && url.pathname === "/__health") return send(200, { ok: true, dns: dns.server });
  if (req.method === "GET" && url.pathname === "/__queries")
    return send(200, { queries: dns.queries(url.searchParams.get("name") ?? undefined) });
  if (req.method === "POST" && (url.pathname === "/__hold" || url.pathname === "/__release")) {
    readName(req).then(
      (name) => {
        if (url.pathname === "/__hold") hold(name);
        else release(name);
        send(200, { ok: true, held: [...holds.keys()] });
      },
      (error: unknown) => send(400, { msg: error instanceof Error ? error.message : "bad request" }),
    );
    return;
  }
  send(404, { msg: "not found" });
});
await new Promise<void>((resolve, reject) => {
  control.once("error", reject);
  control.listen(port, "127.0.0.1", () => resolve());
});
console.log(`fake DNS: DNS_SERVERS=${dns.server} (control on http://127.0.0.1:${port}/__health)`);

const stop = () => {
  for (const name of [...holds.keys()]) release(name);
  control.close();
  void dns.close().then(() => process.exit(0));
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
