/** Answers of the support tickets. Each answer's type is inferred from its schema (docs/architecture.md). */
import { z } from "zod";
import { TICKET_PRIORITIES, TICKET_RESPONDERS, TICKET_STATUSES } from "@/lib/domain/enums";
import { iso } from "./common";

export const Ticket = z.object({
  _id: z.string(),
  subject: z.string(),
  message: z.string(),
  priority: z.enum(TICKET_PRIORITIES),
  status: z.enum(TICKET_STATUSES),
  createdAt: iso(),
  updatedAt: iso(),
  user: z.object({ _id: z.string(), name: z.string(), email: z.string() }).nullable(),
  responses: z.array(
    z.object({ message: z.string(), responder: z.enum(TICKET_RESPONDERS), createdAt: iso(), timestamp: iso() }),
  ),
});

export type TicketJson = z.output<typeof Ticket>;
