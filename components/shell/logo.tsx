import Link from "next/link";
import { Mail } from "lucide-react";
import { cn } from "@/lib/utils";

export function Logo({ href = "/dashboard", className }: { href?: string; className?: string }) {
  return (
    <Link href={href} className={cn("flex items-center gap-2 font-semibold text-foreground", className)}>
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <Mail className="size-4" aria-hidden />
      </span>
      <span>ColdMail AI</span>
    </Link>
  );
}
