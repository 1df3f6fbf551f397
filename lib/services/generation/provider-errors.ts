import { ProviderError } from "@/lib/ai/errors";
import { AppError, type ErrorCode, type StatusRefinement } from "@/lib/errors";

/**
 * A provider failure as our API answers it. A key the provider refuses is never a 401 (that would
 * mean "your session is gone" to the client) nor our own `forbidden`: it is `provider_auth` (400)
 * naming the key problem — an invalid or revoked key, or a key without access or credit.
 * A provider's 429 is `rate_limited` (wait and try again); its other failures `provider_error`.
 */
const CODE: Record<ProviderError["kind"], [ErrorCode, StatusRefinement?]> = {
  invalid_key: ["provider_auth"],
  permission: ["provider_auth"],
  model_not_found: ["invalid_input"],
  bad_request: ["invalid_input"],
  bad_output: ["provider_error"],
  rate_limited: ["rate_limited"],
  overloaded: ["provider_error", 503],
  server_error: ["provider_error"],
  network: ["provider_error"],
  timeout: ["provider_error", 504],
};

/** Shown (in the row and the API answer) when a result could not be written; the detail goes to the log. */
export const RESULT_NOT_SAVED = "The result could not be saved. Please try again.";

export function providerErrorToAppError(error: ProviderError): AppError {
  const [code, refinement] = CODE[error.kind];
  return new AppError(code, error.message, { reason: error.kind }, refinement);
}
