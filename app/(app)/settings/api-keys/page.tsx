import type { Metadata } from "next";
import { ApiKeysSettings } from "@/components/settings/api-keys-settings";

export const metadata: Metadata = { title: "API Keys" };

/** Signed in by the (app) layout; the keys are read by the page's query (a key cannot manage keys). */
export default function ApiKeysPage() {
  return <ApiKeysSettings />;
}
