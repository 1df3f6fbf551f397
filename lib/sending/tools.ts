/**
 * The outside tools a user can connect a key for: the sending tools (Instantly, Smartlead, lemlist), which take
 * pushed leads, and ZeroBounce, which only checks addresses. Pure constants, shared by server and screens.
 */
export const INTEGRATION_SERVICES = ["instantly", "smartlead", "lemlist", "zerobounce"] as const;
export const SENDING_TOOLS = ["instantly", "smartlead", "lemlist"] as const;
export type IntegrationService = (typeof INTEGRATION_SERVICES)[number];
export type SendingTool = (typeof SENDING_TOOLS)[number];

export const SERVICE_LABELS: Record<IntegrationService, string> = {
  instantly: "Instantly",
  smartlead: "Smartlead",
  lemlist: "lemlist",
  zerobounce: "ZeroBounce",
};

export const isSendingTool = (service: string): service is SendingTool =>
  (SENDING_TOOLS as readonly string[]).includes(service);

/** Why a row is not pushed, in the order the first that applies is chosen. */
export const SKIP_REASONS = [
  "no_email",
  "invalid_email",
  "not_generated",
  "blocked",
  "already_pushed",
  "duplicate_email",
] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];
/** A lead the tool itself reported as skipped or duplicate. */
export const PROVIDER_SKIPPED = "provider_skipped";

export const PUSH_STATUSES = ["queued", "running", "completed", "failed", "cancelled"] as const;
