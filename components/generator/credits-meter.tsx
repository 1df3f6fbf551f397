import { Progress } from "@/components/ui/progress";
import type { CreditsJson } from "@/lib/responses/ai";

/** Generator header meter colours: green at 50 % or more, yellow below 50 %, red below 25 %. */
function meterColor(remainingPercent: number): string {
  if (remainingPercent >= 50) return "bg-success";
  if (remainingPercent >= 25) return "bg-warning";
  return "bg-destructive";
}

/** Daily credits left (not shown to lifetime users). */
export function CreditsMeter({ credits }: { credits: CreditsJson | null }) {
  if (!credits || credits.unlimited) return null;
  const daily = credits.credits.daily ?? 100;
  const remaining = credits.credits.remaining ?? 0;
  const percent = daily > 0 ? (remaining / daily) * 100 : 0;
  return (
    <div className="flex items-center gap-2" data-testid="credits-meter">
      <span className="text-muted-foreground">Credits</span>
      <Progress
        value={percent}
        className="h-2 w-24"
        indicatorClassName={meterColor(percent)}
        aria-label="Credits remaining today"
      />
      <span className="font-medium tabular-nums">
        {remaining}/{daily}
      </span>
    </div>
  );
}
