// Runs the fakes of Instantly, Smartlead, lemlist and ZeroBounce as one standalone server (end-to-end tests, the
// benchmark, trying the app by hand):
//   node node_modules/tsx/dist/cli.mjs tests/fakes/serve-fake-sending-tools.ts [port]
// Instantly listens on port, Smartlead on port + 1, lemlist on port + 2, ZeroBounce on port + 3. The first port also
// answers GET /__health and the JSON control API described in sending-tools-control.ts (keys, campaigns, injected
// failures, rate limits, latency, the calls and leads received, reset). Nothing is printed per request: no key
// ever reaches the log.
import { startFakeSendingTools } from "./sending-tools-control";

const port = Number(process.argv[2] ?? process.env.FAKE_SENDING_TOOLS_PORT ?? 3290);
const tools = await startFakeSendingTools(port);
console.log(
  [
    `fake sending tools (control API on ${tools.instantly.url}/__control):`,
    `  INSTANTLY_BASE_URL=${tools.instantly.url}`,
    `  SMARTLEAD_BASE_URL=${tools.smartlead.url}`,
    `  LEMLIST_BASE_URL=${tools.lemlist.url}`,
    `  ZEROBOUNCE_BASE_URL=${tools.zerobounce.url}`,
  ].join("\n"),
);

const stop = () => void tools.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
