import { useQuery } from "@tanstack/react-query";
import { api, ApiError } from "@/lib/client/api";
import type { JobJson } from "@/lib/responses/admin";

/** Query keys of background jobs (admin bulk e-mail, large exports): one entry per job. */
const jobKeys = {
  all: ["jobs"] as const,
  job: (jobId: string) => [...jobKeys.all, jobId] as const,
};

/** How often a running job is asked for its progress. */
const JOB_POLL_MS = 1000;

const fetchJob = (jobId: string, options: { signal?: AbortSignal; allow401?: boolean } = {}) =>
  api<JobJson>(`/api/jobs/${encodeURIComponent(jobId)}`, options);

export function isJobOver(job: JobJson | undefined): boolean {
  return job?.status === "completed" || job?.status === "failed";
}

/** A 4xx is an answer (the job is gone or not ours): asking again would not change it. */
export const isFinalError = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;

/**
 * A background job's progress, asked every second until it has ended (or the server refused to
 * show it). `allow401`: the admin screens show their own message for a lost session.
 */
export function useJob(jobId: string | null, options: { allow401?: boolean } = {}) {
  return useQuery({
    queryKey: jobKeys.job(jobId ?? ""),
    queryFn: ({ signal }) => fetchJob(jobId!, { signal, allow401: options.allow401 }),
    enabled: jobId !== null,
    staleTime: 0,
    refetchInterval: (query) => (isJobOver(query.state.data) || isFinalError(query.state.error) ? false : JOB_POLL_MS),
  });
}

/** "120 of 450" in the user's number format. */
export function jobProgressText(
  job: Pick<JobJson, "done" | "failed" | "total"> | undefined,
  total: number,
  format: (n: number) => string,
): string {
  return `${format(job ? job.done + job.failed : 0)} of ${format(job?.total ?? total)}`;
}
