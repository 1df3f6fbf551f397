import { formatShortDate } from "@/lib/client/format";

/** The spec's M/D/YYYY date, or a dash when there is none. */
export const shortDateOrDash = (iso: string | null) => (iso ? formatShortDate(iso) : "—");
