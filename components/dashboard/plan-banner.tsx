import Link from "next/link";
import { Crown, Sparkles } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import type { CreditsJson } from "@/lib/responses/ai";

/** Banner bar colour: indigo above 50% remaining, yellow above 20%, otherwise red. */
export function bannerBarColor(remainingPercent: number): string {
  if (remainingPercent > 50) return "bg-primary";
  if (remainingPercent > 20) return "bg-warning";
  return "bg-destructive";
}

export function PlanBanner({ credits, licenseKey }: { credits: CreditsJson; licenseKey: string | null }) {
  if (credits.unlimited) {
    return (
      <section
        className="rounded-xl border border-primary/30 bg-gradient-to-r from-primary/10 to-primary/5 p-5"
        data-testid="plan-banner"
      >
        <div className="flex items-start gap-3">
          <Crown className="mt-0.5 size-6 text-primary" aria-hidden />
          <div className="space-y-1">
            <h2 className="text-lg font-semibold">Lifetime Access</h2>
            <p className="text-sm text-muted-foreground">
              You have lifetime access to all features with unlimited emails!
            </p>
            {licenseKey ? (
              <p className="text-sm">
                License key:{" "}
                <code className="rounded bg-background px-1.5 py-0.5 font-mono text-xs" data-testid="license-key">
                  {licenseKey}
                </code>
              </p>
            ) : null}
          </div>
        </div>
      </section>
    );
  }
  const daily = credits.credits.daily ?? 100;
  const used = credits.credits.used;
  const remaining = credits.credits.remaining ?? 0;
  const percent = daily > 0 ? (remaining / daily) * 100 : 0;
  const days = credits.daysRemaining ?? 0;
  return (
    <section className="rounded-xl border bg-card p-5 shadow-sm" data-testid="plan-banner">
      <div className="flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
        <div className="flex-1 space-y-3">
          <div className="flex flex-wrap items-center gap-2">
            <Sparkles className="size-5 text-primary" aria-hidden />
            <h2 className="text-lg font-semibold">Free Trial</h2>
            <span className="text-sm text-muted-foreground" data-testid="trial-days">
              {credits.trialExpired ? "Your trial has ended" : `${days} ${days === 1 ? "day" : "days"} remaining`}
            </span>
          </div>
          <div className="max-w-md space-y-1.5">
            <div className="flex justify-between text-sm">
              <span>Daily credits</span>
              <span className="font-medium" data-testid="credits-used">
                {used}/{daily}
              </span>
            </div>
            <Progress
              value={percent}
              indicatorClassName={bannerBarColor(percent)}
              aria-label="Daily credits remaining"
              data-testid="credits-bar"
            />
            <p className="text-xs text-muted-foreground">
              {credits.trialExpired
                ? credits.msg
                : `${remaining} of ${daily} email credits left today (resets at midnight UTC).`}
            </p>
          </div>
        </div>
        <Button asChild size="lg">
          <Link href="/pricing">Upgrade to Lifetime Deal - $149</Link>
        </Button>
      </div>
    </section>
  );
}
