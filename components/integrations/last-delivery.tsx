import type { LastDelivery } from "./use-integrations";

/** The result of the most recent delivery to this integration. */
export function LastDeliveryNote({ delivery }: { delivery: LastDelivery | null }) {
  if (!delivery) return null;
  const when = new Date(delivery.at).toLocaleString("en-US");
  return (
    <p className="rounded-md bg-muted px-3 py-2 text-xs text-muted-foreground" data-testid="last-delivery">
      Last delivery {when}:{" "}
      {delivery.status === "success" ? (
        <span className="font-medium text-success">delivered {delivery.rows} rows (HTTP {delivery.statusCode})</span>
      ) : (
        <span className="font-medium text-destructive">failed after {delivery.attempts} attempt{delivery.attempts === 1 ? "" : "s"}: {delivery.error}</span>
      )}
    </p>
  );
}
