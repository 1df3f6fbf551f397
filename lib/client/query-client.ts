import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api";

/**
 * Server state for every screen. Reads are retried once for network and server failures only:
 * a 4xx answer (not found, forbidden, session gone) is an answer, not a glitch.
 */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failures, error) =>
          failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
}
