"use client";

import { Controller } from "react-hook-form";
import { FormAlert } from "@/components/auth/form-alert";
import { useZodForm } from "@/components/forms/use-zod-form";
import { PriorityBadge, StatusBadge } from "@/components/help/ticket-badges";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { formatDateTime } from "@/lib/client/format";
import { useAdminTicket, useUpdateTicket } from "@/lib/client/queries/admin";
import { TICKET_STATUSES } from "@/lib/domain/enums";
import { adminTicketUpdateSchema } from "@/lib/services/admin/schemas";
import { cn } from "@/lib/utils";
import { adminError } from "./admin-errors";
import type { TicketJson } from "@/lib/responses/support";

export const shortId = (id: string) => `#${id.slice(-6)}`;

function Message({ author, admin, text, at }: { author: string; admin: boolean; text: string; at: string }) {
  return (
    <li className={cn("rounded-lg border p-3", "bg-card", admin && "border-l-4 border-l-primary")}>
      <div className="mb-1.5 flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="font-semibold">{author}</span>
        <time className="text-xs text-muted-foreground" dateTime={at}>
          {formatDateTime(at)}
        </time>
      </div>
      <p className="text-sm break-words whitespace-pre-wrap">{text}</p>
    </li>
  );
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0 space-y-1">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

const UPDATED = "Ticket updated successfully.";

/** Status and optional response, saved together (the server's schema); the response clears after a save. */
function UpdateForm({ ticket }: { ticket: TicketJson }) {
  const form = useZodForm(adminTicketUpdateSchema, { defaultValues: { status: ticket.status, response: "" } });
  const update = useUpdateTicket(ticket._id);

  const onSubmit = form.handleSubmit(
    ({ status, response }) => {
      form.clearServerError();
      update.mutate(response ? { status: status ?? ticket.status, response } : { status: status ?? ticket.status }, {
        onSuccess: (updated) => form.reset({ status: updated.status, response: "" }),
        onError: (err) => form.setServerError(adminError(err, "Failed to update ticket.")),
      });
    },
    () => update.reset(),
  );

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate aria-label="Update ticket">
      {form.formError ? (
        <FormAlert kind="error" id={form.errorId}>
          {form.formError}
        </FormAlert>
      ) : update.isSuccess ? (
        <FormAlert kind="success">{UPDATED}</FormAlert>
      ) : null}
      <div className="space-y-1.5">
        <Label htmlFor="ticket-update-status">Status</Label>
        <Controller
          control={form.control}
          name="status"
          render={({ field }) => (
            <Select value={field.value} onValueChange={field.onChange}>
              <SelectTrigger id="ticket-update-status" className="sm:w-56" {...form.field("status")}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {TICKET_STATUSES.map((s) => (
                  <SelectItem key={s} value={s}>
                    {s}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="ticket-update-response">Response (optional)</Label>
        <Textarea
          id="ticket-update-response"
          rows={4}
          maxLength={5000}
          placeholder="Write a reply to the user"
          {...form.register("response")}
          {...form.field("response")}
        />
      </div>
      <DialogFooter>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? "Updating..." : "Update Ticket"}
        </Button>
      </DialogFooter>
    </form>
  );
}

interface Props {
  ticketId: string;
  onClose: () => void;
}

/** Loads one ticket; shows it with its conversation and saves a status and an optional response together. */
export function TicketDialog({ ticketId, onClose }: Props) {
  const { data: ticket, error: failure } = useAdminTicket(ticketId);
  const loadError = failure && !ticket ? adminError(failure, "Failed to load ticket details.") : "";

  const userName = ticket?.user?.name || "User";
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-2xl" data-testid="ticket-dialog">
        <DialogHeader>
          <DialogTitle>Ticket {shortId(ticketId)}</DialogTitle>
          <DialogDescription>
            {ticket ? ticket.subject : loadError ? "The ticket could not be loaded." : "Loading ticket..."}
          </DialogDescription>
        </DialogHeader>
        {loadError ? <FormAlert kind="error">{loadError}</FormAlert> : null}
        {!ticket && !loadError ? (
          <div className="space-y-3" aria-busy="true" aria-label="Loading ticket">
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-24 w-full" />
          </div>
        ) : null}
        {ticket ? (
          <>
            <dl className="grid gap-3 rounded-lg border bg-muted/40 p-3 sm:grid-cols-2">
              <Detail label="Subject">
                <span className="font-medium break-words">{ticket.subject}</span>
              </Detail>
              <Detail label="User">
                <span className="block truncate">{ticket.user?.name || "Anonymous"}</span>
                <span className="block truncate text-xs text-muted-foreground">{ticket.user?.email || "No email"}</span>
              </Detail>
              <Detail label="Priority">
                <PriorityBadge priority={ticket.priority} />
              </Detail>
              <Detail label="Current status">
                <StatusBadge status={ticket.status} />
              </Detail>
            </dl>
            <section className="space-y-2" aria-labelledby="ticket-conversation-heading">
              <h3 id="ticket-conversation-heading" className="text-sm font-semibold">
                Conversation
              </h3>
              <ol className="max-h-80 space-y-2 overflow-y-auto pr-1">
                <Message author={userName} admin={false} text={ticket.message} at={ticket.createdAt} />
                {ticket.responses.map((r, i) => (
                  <Message
                    key={i}
                    author={r.responder === "admin" ? "Support Team" : userName}
                    admin={r.responder === "admin"}
                    text={r.message}
                    at={r.timestamp || r.createdAt}
                  />
                ))}
              </ol>
            </section>
            <UpdateForm key={ticket._id} ticket={ticket} />
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
