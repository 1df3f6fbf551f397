/** Shapes of the AI API as the browser sees them. */
import type { AiSettings } from "@/lib/ai/defaults";
import type { Provider } from "@/lib/ai/providers";

/** The AI settings as the API returns them (the same shape the server uses). */
export type AiConfigJson = AiSettings;

export interface ConnectionInfo {
  _id: string;
  name: string;
  provider: Provider;
  apiKey: string;
  isActive: boolean;
}

export interface ModelInfoJson {
  id: string;
  provider: Provider;
  label: string;
  retired: boolean;
  retiredOn: string | null;
}

export interface CreditsInfo {
  credits: { daily: number | null; used: number; remaining: number | null; unlimited?: boolean };
  unlimited: boolean;
  trialExpired?: boolean;
}

export interface TemplateInfo extends AiConfigJson {
  _id: string;
  name: string;
}

export const LAST_USED_CONFIG_KEY = "lastUsedConfig";
