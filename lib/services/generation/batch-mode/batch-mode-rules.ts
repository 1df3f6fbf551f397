import "server-only";
import type { UseCase } from "@/lib/ai/providers";
import { AppError } from "@/lib/errors";
import { BATCH_MODE_NO_RESEARCH, BATCH_MODE_NO_SPEND_CAP } from "../run-mode";

/** Refuses what a provider Batch API cannot do (docs/api.md "Batch mode"): web research, and a spending cap. */
export function assertBatchModeAllowed(useCase: UseCase, maxCostUsd: number | null): void {
  if (useCase === "web_research") throw new AppError("invalid_input", BATCH_MODE_NO_RESEARCH);
  if (maxCostUsd !== null) throw new AppError("invalid_input", BATCH_MODE_NO_SPEND_CAP);
}
