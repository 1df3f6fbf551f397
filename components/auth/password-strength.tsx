"use client";

import { Check, X } from "lucide-react";
import { PASSWORD_RULES, passwordStrength } from "@/lib/services/auth/password-policy";
import { cn } from "@/lib/utils";

const TONE = {
  Weak: { bar: "bg-destructive", text: "text-destructive" },
  Medium: { bar: "bg-warning", text: "text-warning-strong" },
  Strong: { bar: "bg-success", text: "text-success" },
} as const;

/** Live strength meter with the five-criteria checklist. */
export function PasswordStrength({ password }: { password: string }) {
  const { score, label } = passwordStrength(password);
  const tone = TONE[label];
  return (
    <div className="space-y-2" aria-live="polite" data-testid="password-strength">
      <div className="flex items-center gap-3">
        <div className="flex h-1.5 flex-1 gap-1" aria-hidden>
          {PASSWORD_RULES.map((rule, i) => (
            <span key={rule.label} className={cn("h-full flex-1 rounded-full", i < score ? tone.bar : "bg-muted")} />
          ))}
        </div>
        <span className={cn("w-16 text-right text-xs font-medium", password ? tone.text : "text-muted-foreground")}>
          {password ? label : ""}
        </span>
      </div>
      <ul className="grid gap-1 text-xs sm:grid-cols-2">
        {PASSWORD_RULES.map((rule) => {
          const ok = rule.test(password);
          return (
            <li
              key={rule.label}
              className={cn("flex items-center gap-1.5", ok ? "text-success" : "text-muted-foreground")}
            >
              {ok ? <Check className="size-3.5" aria-hidden /> : <X className="size-3.5" aria-hidden />}
              <span>{rule.label}</span>
              <span className="sr-only">{ok ? "(met)" : "(not met)"}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
