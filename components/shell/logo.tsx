import { MailIcon } from "@/components/icons/line-icons";
import { RouterLink } from "@/components/ui/router-link";
import { cn } from "@/lib/utils";

export function Logo({ href = "/dashboard", className }: { href?: string; className?: string }) {
  return (
    <RouterLink href={href} className={cn("flex items-center gap-2 font-semibold text-foreground", className)}>
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <MailIcon className="size-4" aria-hidden />
      </span>
      <span>ColdMail AI</span>
    </RouterLink>
  );
}
