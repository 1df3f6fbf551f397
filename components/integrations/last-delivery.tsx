import { formatDateTime, formatNumber } from "@/lib/client/format";
import type { LastDeliveryJson } from "@/lib/responses/integrations";

/** The result of the most recent delivery to this integration. */
export function LastDeliveryNote({ delivery }: { delivery: LastDeliveryJson | null }) {
  if (!delivery) return null;
  return (
    <p className="rounded-md bg-muted px-3 py-2 text-xs text-muted-foreground" data-testid="last-delivery">
      Last delivery <time dateTime={delivery.at}>{formatDateTime(delivery.at)}</time>:{" "}
      {delivery.status === "success" ? (
        <span className="font-medium text-success">
          delivered {formatNumber(delivery.rows)} rows (HTTP {delivery.statusCode})
        </span>
      ) : (
        <span className="font-medium text-destructive">
          failed after {delivery.attempts} attempt{delivery.attempts === 1 ? "" : "s"}: {delivery.error}
        </span>
      )}
    </p>
  );
}
