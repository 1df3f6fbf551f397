/**
 * Test fakes of the outside APIs the push and address-check features speak: Instantly (API v2), Smartlead (API v1),
 * lemlist and ZeroBounce (API v2). Each is a node:http server on 127.0.0.1 copying the tool's wire format — see the
 * top of each fake for the documentation every detail comes from.
 *
 *   const instantly = await startFakeInstantly();   // INSTANTLY_BASE_URL = instantly.url
 *   instantly.addKey("key-1");                      // every other key: the tool's 401
 *   const c = instantly.addCampaign("key-1", { name: "Q3" });
 *   instantly.failNext(429, { status: 500 });       // the next add-lead calls answer these
 *   instantly.setLimits([{ requests: 2, windowMs: 60_000 }]); // shrink the documented rate limit
 *   instantly.leads(c.id), instantly.calls, instantly.rateLimited()
 *
 * serve-fake-sending-tools.ts runs all four as one standalone server steered over HTTP (sending-tools-control.ts).
 */
export { startFakeInstantly, INSTANTLY_LIMITS, INSTANTLY_MAX_LEADS } from "./fake-instantly";
export { startFakeSmartlead, SMARTLEAD_LIMITS, SMARTLEAD_MAX_LEADS } from "./fake-smartlead";
export { startFakeLemlist, LEMLIST_LIMITS } from "./fake-lemlist";
export { startFakeZeroBounce, ZEROBOUNCE_LIMITS, ZEROBOUNCE_MAX_BATCH, type FakeZeroBounce } from "./fake-zerobounce";
export { startFakeSendingTools, controlApi, leadCount, type FakeSendingTools } from "./sending-tools-control";
export type {
  FailAnswer,
  FakeCampaign,
  FakeLead,
  FakeTool,
  FakeToolBase,
  FakeToolCall,
  FakeToolOptions,
  RateLimit,
} from "./sending-tools-http";
