import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/client/api";
import type { UsageDaysJson } from "@/lib/responses/usage";

/** Query keys of the usage page. */
const usageKeys = {
  all: ["usage"] as const,
  days: (days: number) => [...usageKeys.all, "days", days] as const,
};

const fetchUsage = (days: number) => api<UsageDaysJson>(`/api/usage?days=${days}`);

/** `GET /api/usage?days=`: the caller's provider usage per UTC day. */
export function useUsage(days: number) {
  return useQuery({ queryKey: usageKeys.days(days), queryFn: () => fetchUsage(days), staleTime: 60_000 });
}
