import { ProviderError } from "@/lib/ai/errors";
import { AppError } from "@/lib/http/errors";

/**
 * A provider failure as our API answers it. A bad provider key is never a 401 (that would mean
 * "your session is gone" to the client): it is a 400 naming the key problem.
 */
export function providerErrorToAppError(error: ProviderError): AppError {
  const status: Record<ProviderError["kind"], number> = {
    invalid_key: 400,
    permission: 403,
    model_not_found: 400,
    bad_request: 400,
    bad_output: 502,
    rate_limited: 429,
    overloaded: 503,
    server_error: 502,
    network: 502,
    timeout: 504,
  };
  return new AppError(status[error.kind], error.message, { reason: error.kind });
}
