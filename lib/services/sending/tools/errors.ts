import { SERVICE_LABELS, type IntegrationService } from "@/lib/sending/tools";
import { toolMessage, type ToolAnswer } from "../tool-http";

/** The tool refused the key (401/403, or a key check that failed): the push ends, the check is a 400. */
export class KeyRefusedError extends Error {
  constructor(
    readonly service: IntegrationService,
    readonly detail: string,
  ) {
    super(`${SERVICE_LABELS[service]} refused the API key (${detail}). Check the key on the Integrations page.`);
    this.name = "KeyRefusedError";
  }
}

/** Throws KeyRefusedError for a 401/403 answer. */
export function refuseBadKey(service: IntegrationService, answer: ToolAnswer, apiKey: string): void {
  if (answer.status === 401 || answer.status === 403)
    throw new KeyRefusedError(service, `HTTP ${answer.status}: ${toolMessage(answer.body, apiKey)}`);
}

/** A campaign list that did not come back as 2xx: the key (or the account) is refused. */
export function expectList(service: IntegrationService, answer: ToolAnswer, apiKey: string): void {
  refuseBadKey(service, answer, apiKey);
  if (answer.status < 200 || answer.status >= 300)
    throw new KeyRefusedError(service, `HTTP ${answer.status}: ${toolMessage(answer.body, apiKey)}`);
}

/** Every lead of a call the tool refused (a 4xx other than 401/403) fails with the tool's message. */
export function failedLeads(count: number, answer: ToolAnswer, apiKey: string) {
  const reason = `HTTP ${answer.status}: ${toolMessage(answer.body, apiKey)}`;
  return Array.from({ length: count }, () => ({ status: "failed" as const, reason }));
}
