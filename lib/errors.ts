/**
 * Expected failures of the core, with a stable `code` (docs/api.md "API conventions"). The edge
 * (route handlers, server actions) turns them into `{ msg, code, ...extra }` with the status of
 * ERROR_STATUS; clients branch on `code`, never on the message text. Safe to import anywhere.
 */
export const ERROR_STATUS = {
  invalid_input: 400,
  unauthenticated: 401,
  session_invalid: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  credit_limit: 403,
  daily_credit_limit: 403,
  provider_auth: 400,
  provider_error: 502,
  payload_too_large: 413,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && value in ERROR_STATUS;
}

/**
 * Statuses that refine a code where HTTP has a more precise word than the table's default:
 * a payment not completed yet (402), a provider that is overloaded (503) or timed out (504).
 * Only these exist; everything else takes the table's status.
 */
export type StatusRefinement = 402 | 503 | 504;

export class AppError extends Error {
  readonly status: number;

  constructor(
    public readonly code: ErrorCode,
    public readonly msg: string,
    public readonly extra: Record<string, unknown> = {},
    refinement?: StatusRefinement,
  ) {
    super(msg);
    this.name = "AppError";
    this.status = refinement ?? ERROR_STATUS[code];
  }
}

export const notFound = (msg = "Not found") => new AppError("not_found", msg);
export const conflict = (msg: string, extra?: Record<string, unknown>) => new AppError("conflict", msg, extra);
