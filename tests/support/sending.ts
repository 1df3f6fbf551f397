import { afterAll, beforeAll } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { GET as campaignsGET } from "@/app/api/integrations/connections/[id]/campaigns/route";
import { DELETE as connectionDELETE, PATCH as connectionPATCH } from "@/app/api/integrations/connections/[id]/route";
import { GET as connectionsGET, POST as connectionsPOST } from "@/app/api/integrations/connections/route";
import { POST as pushPOST } from "@/app/api/csv/[id]/push/route";
import { GET as receiptsGET } from "@/app/api/csv/[id]/push-receipts/route";
import { GET as pushesGET } from "@/app/api/csv/[id]/pushes/route";
import { POST as cancelPOST } from "@/app/api/pushes/[id]/cancel/route";
import { GET as reportGET } from "@/app/api/pushes/[id]/report/route";
import { GET as pushGET } from "@/app/api/pushes/[id]/route";
import { GET as rowsGET } from "@/app/api/pushes/[id]/rows/route";
import { startFakeSendingTools, type FakeSendingTools } from "../fakes/sending-tools";
import { callRoute } from "./http";

/**
 * Starts the fakes of Instantly, Smartlead, lemlist and ZeroBounce for a test file and points the app's
 * base URLs at them (INSTANTLY_, SMARTLEAD_, LEMLIST_, ZEROBOUNCE_BASE_URL). `tools()` is available from the first test
 * on.
 */
export function withFakeSendingTools(): () => FakeSendingTools {
  let tools: FakeSendingTools | undefined;
  beforeAll(async () => {
    tools = await startFakeSendingTools();
    process.env.INSTANTLY_BASE_URL = tools.instantly.url;
    process.env.SMARTLEAD_BASE_URL = tools.smartlead.url;
    process.env.LEMLIST_BASE_URL = tools.lemlist.url;
    process.env.ZEROBOUNCE_BASE_URL = tools.zerobounce.url;
    resetEnvForTests();
  });
  afterAll(async () => {
    await tools?.close();
  });
  return () => {
    if (!tools) throw new Error("The fake sending tools are not started yet");
    return tools;
  };
}

type Who = { headers: Record<string, string> } | null;
const auth = (u: Who) => u?.headers ?? {};

/** The sending-tool routes, called the way Next would. */
export const sendingApi = {
  connect: (u: Who, body: unknown) =>
    callRoute(connectionsPOST, { method: "POST", url: "/api/integrations/connections", headers: auth(u), body }),
  connections: (u: Who) => callRoute(connectionsGET, { url: "/api/integrations/connections", headers: auth(u) }),
  rename: (u: Who, id: string, body: unknown) =>
    callRoute(connectionPATCH, {
      method: "PATCH",
      url: `/api/integrations/connections/${id}`,
      headers: auth(u),
      params: { id },
      body,
    }),
  disconnect: (u: Who, id: string) =>
    callRoute(connectionDELETE, {
      method: "DELETE",
      url: `/api/integrations/connections/${id}`,
      headers: auth(u),
      params: { id },
    }),
  campaigns: (u: Who, id: string) =>
    callRoute(campaignsGET, { url: `/api/integrations/connections/${id}/campaigns`, headers: auth(u), params: { id } }),
  push: (u: Who, csvId: string, body: unknown) =>
    callRoute(pushPOST, {
      method: "POST",
      url: `/api/csv/${csvId}/push`,
      headers: auth(u),
      params: { id: csvId },
      body,
    }),
  pushes: (u: Who, csvId: string) =>
    callRoute(pushesGET, { url: `/api/csv/${csvId}/pushes`, headers: auth(u), params: { id: csvId } }),
  receipts: (u: Who, csvId: string) =>
    callRoute(receiptsGET, { url: `/api/csv/${csvId}/push-receipts`, headers: auth(u), params: { id: csvId } }),
  get: (u: Who, id: string) => callRoute(pushGET, { url: `/api/pushes/${id}`, headers: auth(u), params: { id } }),
  rows: (u: Who, id: string) => callRoute(rowsGET, { url: `/api/pushes/${id}/rows`, headers: auth(u), params: { id } }),
  report: (u: Who, id: string) =>
    callRoute(reportGET, { url: `/api/pushes/${id}/report`, headers: auth(u), params: { id } }),
  cancel: (u: Who, id: string) =>
    callRoute(cancelPOST, { method: "POST", url: `/api/pushes/${id}/cancel`, headers: auth(u), params: { id } }),
};
