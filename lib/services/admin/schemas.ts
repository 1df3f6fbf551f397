import { z } from "zod";
import { TICKET_PRIORITIES, TICKET_STATUSES } from "@/lib/domain/enums";
import { safeString } from "@/lib/validation/strings";
import { pageQuery } from "./pagination";

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.union([z.enum(values, { error: message }), z.literal("")]).optional();

export const listUsersQuery = z.object({
  ...pageQuery,
  search: safeString().trim().max(200).optional(),
  subscription: optionalEnum(["free", "trial", "lifetime"] as const, "subscription must be free, trial or lifetime"),
  inTrial: optionalEnum(["true", "false"] as const, "inTrial must be true or false"),
});

export const bulkEmailSchema = z.object({
  userIds: z
    .array(safeString().min(1).max(100), { error: "userIds must be a list of user ids" })
    .min(1, "Please select at least one user.")
    .max(10_000, "Too many users selected"),
  subject: safeString({ error: "Subject is required" })
    .trim()
    .min(1, "Subject is required")
    .max(200, "Subject must be at most 200 characters"),
  message: safeString({ error: "Message is required" })
    .trim()
    .min(1, "Message is required")
    .max(20_000, "Message must be at most 20,000 characters"),
});

export const incomeQuery = z.object({ ...pageQuery });

export const listTicketsQuery = z.object({
  ...pageQuery,
  status: optionalEnum(TICKET_STATUSES, "Unknown status"),
  priority: optionalEnum(TICKET_PRIORITIES, "Unknown priority"),
  search: safeString().trim().max(200).optional(),
});

export const adminTicketUpdateSchema = z
  .object({
    status: z.enum(TICKET_STATUSES, { error: "Status must be open, in-progress, resolved or closed" }).optional(),
    response: safeString().trim().max(5000, "The response must be at most 5000 characters").optional(),
  })
  .refine((v) => v.status !== undefined || (v.response ?? "") !== "", {
    message: "Choose a status or write a response",
  });

/** The user list's filters (the list query without paging). */
export const userFiltersSchema = listUsersQuery.pick({ search: true, subscription: true, inTrial: true });
export type UserFilters = z.output<typeof userFiltersSchema>;

/** The ticket list's filters (the list query without paging). */
export const ticketFiltersSchema = listTicketsQuery.pick({ search: true, status: true, priority: true });
export type TicketFilters = z.output<typeof ticketFiltersSchema>;

/** The bulk e-mail dialog: subject and message (the recipients are the selection it opened with). */
export const bulkEmailFormSchema = bulkEmailSchema.omit({ userIds: true });
