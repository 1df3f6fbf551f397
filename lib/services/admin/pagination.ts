import { z } from "zod";
import type { PaginationJson } from "@/lib/responses/common";

export const ADMIN_PAGE_SIZE = 10;

export const pageQuery = {
  page: z.coerce
    .number({ error: "page must be a number" })
    .int()
    .min(1, "page must be at least 1")
    .max(100_000)
    .default(1),
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int()
    .min(1, "limit must be at least 1")
    .max(100, "limit must be at most 100")
    .default(ADMIN_PAGE_SIZE),
};

export function pagination(page: number, limit: number, total: number): PaginationJson {
  return { page, limit, total, pages: Math.max(1, Math.ceil(total / limit)) };
}
