import { z } from "zod";
import { TICKET_PRIORITIES, TICKET_STATUSES } from "@/lib/domain/enums";
import { safeString } from "@/lib/validation/strings";

export const TICKET_LIMITS = { subject: 200, message: 5000 } as const;

export const createTicketSchema = z.object({
  subject: safeString({ error: "Please enter a subject for your ticket" })
    .trim()
    .min(1, "Please enter a subject for your ticket")
    .max(TICKET_LIMITS.subject, `The subject must be at most ${TICKET_LIMITS.subject} characters`),
  message: safeString({ error: "Please enter a message describing your issue" })
    .trim()
    .min(1, "Please enter a message describing your issue")
    .max(TICKET_LIMITS.message, `The message must be at most ${TICKET_LIMITS.message} characters`),
  priority: z.enum(TICKET_PRIORITIES, { error: "Priority must be low, medium or high" }).optional().default("medium"),
});

export const replySchema = z.object({
  message: safeString({ error: "Please enter a reply message" })
    .trim()
    .min(1, "Please enter a reply message")
    .max(TICKET_LIMITS.message, `The reply must be at most ${TICKET_LIMITS.message} characters`),
});

export const userStatusSchema = z.object({
  status: z.enum(TICKET_STATUSES, { error: "Status must be open, in-progress, resolved or closed" }),
});
