import { CircleCheck, CircleX, TriangleAlert } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { EMAIL_STATUS_BADGES, type EmailStatusTone } from "@/lib/client/email-check-text";
import type { EmailStatus } from "@/lib/email-checks/statuses";

/** Each tone's badge: the theme's success, destructive and warning fills (AA under their text in both themes). */
const TONES: Record<EmailStatusTone, { variant: "success" | "destructive" | "warning"; Icon: typeof CircleCheck }> = {
  good: { variant: "success", Icon: CircleCheck },
  bad: { variant: "destructive", Icon: CircleX },
  warn: { variant: "warning", Icon: TriangleAlert },
};

/** "No mail server: The domain has no mail server (MX)": a status's cell title. */
export const emailStatusTitle = (status: EmailStatus) =>
  `${EMAIL_STATUS_BADGES[status].label}: ${EMAIL_STATUS_BADGES[status].hint}`;

/**
 * An Email Status as a badge: its label in words and an icon by tone (check, cross, warning), so the colour is
 * never the only sign.
 */
export function EmailStatusBadge({ status }: { status: EmailStatus }) {
  const { label, tone } = EMAIL_STATUS_BADGES[status];
  const { variant, Icon } = TONES[tone];
  return (
    <Badge variant={variant} data-testid="email-status-badge" data-status={status} data-tone={tone}>
      <Icon aria-hidden />
      {label}
    </Badge>
  );
}
