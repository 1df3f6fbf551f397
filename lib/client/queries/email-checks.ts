import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { api, ApiError } from "@/lib/client/api";
import { isEmailCheckOver } from "@/lib/client/email-check-text";
import { useToolConnections } from "@/lib/client/queries/sending";
import type { EmailCheckJson, EmailChecksJson, EmailCheckStartedJson } from "@/lib/responses/email-checks";
import type { IntegrationConnectionJson } from "@/lib/responses/sending";

/** Query keys of the address checks: the checks of a file (newest first) and each check. */
const checkKeys = {
  all: ["email-checks"] as const,
  fileChecks: (csvId: string) => [...checkKeys.all, "file", csvId] as const,
  check: (checkId: string) => [...checkKeys.all, "check", checkId] as const,
};

/** How often a queued or running check is asked for its progress. */
const CHECK_POLL_MS = 1000;

const enc = encodeURIComponent;

/** A 4xx is an answer (gone, not ours): asking again would not change it. */
const isFinal = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;

const NO_KEYS: IntegrationConnectionJson[] = [];

/** The user's ZeroBounce keys (the deep check's choices), from `GET /api/integrations/connections`. */
export function useZeroBounceConnections() {
  const query = useToolConnections();
  const keys = query.data ? query.data.filter((c) => c.service === "zerobounce") : NO_KEYS;
  return { ...query, keys };
}

/** `POST /api/csv/{id}/email-check`'s body: no `column` checks the file's e-mail column, no `rowIds` every row. */
export interface EmailCheckRequest {
  column?: string;
  connectionId?: string;
}

/** `GET /api/csv/{id}/email-checks`, newest first (finds a check still running after the page was left). */
export function useFileEmailChecks(csvId: string | null) {
  return useQuery({
    queryKey: checkKeys.fileChecks(csvId ?? ""),
    queryFn: ({ signal }) =>
      api<EmailChecksJson>(`/api/csv/${enc(csvId!)}/email-checks`, { signal }).then((b) => b.checks),
    enabled: Boolean(csvId),
    staleTime: 0,
    retry: false,
  });
}

/** `POST /api/csv/{id}/email-check` → 202 `{ checkId }`: the worker does the rest. */
export function useStartEmailCheck(csvId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: EmailCheckRequest) =>
      api<EmailCheckStartedJson>(`/api/csv/${enc(csvId)}/email-check`, { body: request }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: checkKeys.fileChecks(csvId) }),
  });
}

/** What the screen does when it sees a check end (it pulls the rows the check changed: see useEmailCheckSession). */
type OnCheckEnd = (check: EmailCheckJson) => void;

/** The check was running when last read (or not read yet) and is over now. */
const justEnded = (check: EmailCheckJson, before: EmailCheckJson | undefined) =>
  isEmailCheckOver(check) && !isEmailCheckOver(before);

/**
 * One check, asked every second while it is queued or running. When a poll sees it end, the file's checks are
 * read again and `onEnd` runs, inside that poll.
 */
export function useEmailCheck(checkId: string | null, onEnd?: OnCheckEnd) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: checkKeys.check(checkId ?? ""),
    queryFn: async ({ signal }) => {
      const before = queryClient.getQueryData<EmailCheckJson>(checkKeys.check(checkId!));
      const check = await api<EmailCheckJson>(`/api/email-checks/${enc(checkId!)}`, { signal });
      if (justEnded(check, before)) {
        void queryClient.invalidateQueries({ queryKey: checkKeys.fileChecks(check.csvId) });
        onEnd?.(check);
      }
      return check;
    },
    enabled: checkId !== null,
    staleTime: 0,
    refetchInterval: (query) =>
      isEmailCheckOver(query.state.data) || isFinal(query.state.error) ? false : CHECK_POLL_MS,
  });
}

/** Reads an ended check again (a cancelled check's last chunk is written after the cancel). */
export function refreshEmailCheck(queryClient: QueryClient, checkId: string): void {
  void queryClient.invalidateQueries({ queryKey: checkKeys.check(checkId), exact: true });
}

/**
 * `POST /api/email-checks/{id}/cancel`: the answer is the check as it stands (the rows checked keep their status).
 * When it shows the check ended, `onEnd` runs as for a poll.
 */
export function useCancelEmailCheck(onEnd?: OnCheckEnd) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (checkId: string) => api<EmailCheckJson>(`/api/email-checks/${enc(checkId)}/cancel`, { body: {} }),
    onSuccess: (check) => {
      const before = queryClient.getQueryData<EmailCheckJson>(checkKeys.check(check.id));
      queryClient.setQueryData(checkKeys.check(check.id), check);
      void queryClient.invalidateQueries({ queryKey: checkKeys.fileChecks(check.csvId) });
      if (justEnded(check, before)) onEnd?.(check);
    },
  });
}
