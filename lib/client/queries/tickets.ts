import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { createTicketSchema } from "@/lib/services/tickets/schemas";
import { api } from "@/lib/client/api";
import type { TicketJson } from "@/lib/responses/support";

/** Query keys of the user's support tickets (the admin side has its own). */
const ticketKeys = {
  all: ["tickets"] as const,
  mine: () => [...ticketKeys.all, "mine"] as const,
  detail: (id: string) => [...ticketKeys.all, "detail", id] as const,
};

const ticketPath = (id: string) => `/api/tickets/${encodeURIComponent(id)}`;

const fetchMyTickets = () => api<TicketJson[]>("/api/tickets");
const fetchTicket = (id: string) => api<TicketJson>(ticketPath(id));

export function useMyTickets() {
  return useQuery({ queryKey: ticketKeys.mine(), queryFn: fetchMyTickets });
}

export function useTicket(id: string) {
  return useQuery({ queryKey: ticketKeys.detail(id), queryFn: () => fetchTicket(id) });
}

/** `POST /api/tickets`; settles once the list is read again. */
export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof createTicketSchema>) => api<TicketJson>("/api/tickets", { body: input }),
    onSuccess: (ticket) => {
      queryClient.setQueryData(ticketKeys.detail(ticket._id), ticket);
      return queryClient.invalidateQueries({ queryKey: ticketKeys.mine() });
    },
  });
}

/** Reply and status change answer with the whole ticket: it replaces the cached one, and the list is stale. */
function useTicketChange<T>(id: string, request: (input: T) => Promise<TicketJson>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (ticket) => {
      queryClient.setQueryData(ticketKeys.detail(id), ticket);
      void queryClient.invalidateQueries({ queryKey: ticketKeys.mine() });
    },
  });
}

export function useReplyToTicket(id: string) {
  return useTicketChange(id, (message: string) => api<TicketJson>(`${ticketPath(id)}/reply`, { body: { message } }));
}

export function useUpdateTicketStatus(id: string) {
  return useTicketChange(id, (status: "open" | "closed") =>
    api<TicketJson>(ticketPath(id), { method: "PUT", body: { status } }),
  );
}
