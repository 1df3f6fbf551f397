import type { Metadata } from "next";
import { UsageView } from "./usage-view";

export const metadata: Metadata = { title: "Usage" };

/** Signed in by the (app) layout; the usage is read by the page's query (`GET /api/usage`). */
export default function UsagePage() {
  return <UsageView />;
}
