import type { UserRow } from "@/lib/db/schema";

export const TRIAL_DAILY_CREDITS = 100;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day credits are counted on, as YYYY-MM-DD. */
export function utcDay(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Whole days left in the trial, rounded up, never negative. */
export function trialDaysRemaining(trialEnds: Date | null, now = new Date()): number {
  if (!trialEnds) return 0;
  return Math.max(0, Math.ceil((trialEnds.getTime() - now.getTime()) / DAY_MS));
}

export type Plan =
  | { kind: "lifetime" }
  | { kind: "trial"; active: true; daysRemaining: number; daily: number }
  | { kind: "trial" | "free"; active: false; daysRemaining: 0; daily: number };

/** What the user's subscription allows right now. */
export function planOf(user: Pick<UserRow, "subscription" | "trialEnds">, now = new Date()): Plan {
  if (user.subscription === "lifetime") return { kind: "lifetime" };
  const daysRemaining = user.subscription === "trial" ? trialDaysRemaining(user.trialEnds, now) : 0;
  const active = user.subscription === "trial" && !!user.trialEnds && user.trialEnds.getTime() > now.getTime();
  if (active) return { kind: "trial", active: true, daysRemaining, daily: TRIAL_DAILY_CREDITS };
  return { kind: user.subscription, active: false, daysRemaining: 0, daily: TRIAL_DAILY_CREDITS };
}
