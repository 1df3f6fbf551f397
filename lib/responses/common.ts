/**
 * Building blocks of the response schemas, the error answer and `{ msg }`. Each answer's type is
 * inferred from its schema (docs/architecture.md).
 */
import { z } from "zod";
import { ERROR_CODES, type ErrorCode } from "@/lib/errors";

export const iso = () => z.string().describe("ISO 8601 date-time");
export const isoOrNull = () => z.string().nullable().describe("ISO 8601 date-time, or null");
export const cells = () => z.record(z.string(), z.string()).describe("Column name → cell text");

export const Usage = z
  .object({
    inputTokens: z.number().int().describe("All input tokens, cached ones included"),
    outputTokens: z.number().int(),
    cachedInputTokens: z.number().int().describe("The part of the input read from the provider's prompt cache"),
    costUsd: z.number().nullable().describe("USD; null when the model's price is unknown"),
  })
  .describe("Tokens from the provider's own usage report, and their cost");

export const pagination = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  pages: z.number().int(),
});

export const ErrorSchema = z
  .object({
    msg: z.string().describe("A sentence for people: show it as is."),
    code: z
      .enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]])
      .describe("Stable machine code: branch on this, never on `msg`."),
  })
  .catchall(z.unknown())
  .describe(
    "Every error answer. Some carry extra fields: `requiresVerification` (login, forgot password), `availableCredits` and `requestedCredits` (credit limits), `retryAfterSeconds` (rate limits), `requestId` (internal errors).",
  );

export const Message = z.object({ msg: z.string() });

export type MessageJson = z.output<typeof Message>;
export type PaginationJson = z.output<typeof pagination>;
