"use client";

import Link from "next/link";
import { ArrowLeft, Lock } from "lucide-react";
import { FormAlert } from "@/components/auth/form-alert";
import { PageSpinner } from "@/components/feedback/page-spinner";
import { useZodForm } from "@/components/forms/use-zod-form";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { hasCode } from "@/lib/client/api";
import { formatDateTime } from "@/lib/client/format";
import { useReplyToTicket, useTicket, useUpdateTicketStatus } from "@/lib/client/queries/tickets";
import { replySchema, TICKET_LIMITS } from "@/lib/services/tickets/schemas";
import { cn } from "@/lib/utils";
import { PriorityBadge, StatusBadge } from "./ticket-badges";

function Message({ author, admin, text, at }: { author: string; admin: boolean; text: string; at: string }) {
  return (
    <div className={cn("rounded-lg border p-4", admin ? "border-primary/30 bg-primary/5" : "bg-card")}>
      <div className="mb-2 flex items-center justify-between gap-2 text-sm">
        <span className="font-semibold">{author}</span>
        <time className="text-xs text-muted-foreground" dateTime={at}>
          {formatDateTime(at)}
        </time>
      </div>
      <p className="text-sm whitespace-pre-wrap">{text}</p>
    </div>
  );
}

function BackLink() {
  return (
    <Link
      href="/help"
      className="inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden /> Back to Help Center
    </Link>
  );
}

export function TicketDetail({ id }: { id: string }) {
  const query = useTicket(id);
  const reply = useReplyToTicket(id);
  const status = useUpdateTicketStatus(id);
  const form = useZodForm(replySchema, { defaultValues: { message: "" } });
  const busy = reply.isPending || status.isPending;

  const onReply = form.handleSubmit(
    (values) => {
      status.reset();
      return reply.mutateAsync(values.message).then(
        () => form.reset(),
        () => form.setServerError("Failed to submit your reply. Please try again."),
      );
    },
    () => status.reset(),
  );

  function changeStatus(next: "open" | "closed") {
    form.clearErrors();
    status.mutate(next);
  }

  if (query.isPending) return <PageSpinner label="Loading ticket..." />;
  const ticket = query.data;
  if (!ticket) {
    // Unknown, malformed or someone else's id: the server answers not_found for all three.
    if (hasCode(query.error, "not_found")) {
      return (
        <div className="space-y-4 py-10 text-center">
          <h1 className="text-2xl font-bold">Ticket not found</h1>
          <p className="text-muted-foreground">This ticket does not exist or is not yours.</p>
          <BackLink />
        </div>
      );
    }
    return (
      <div className="space-y-4">
        <BackLink />
        <div
          className="flex flex-wrap items-center gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm"
          role="alert"
        >
          Failed to load ticket details. Please try again.
          <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      </div>
    );
  }
  const closed = ticket.status === "closed";
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <BackLink />
      <header className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight">Ticket #{ticket._id.slice(-6)}</h1>
        <p className="text-lg font-medium">{ticket.subject}</p>
        <div className="flex flex-wrap items-center gap-2">
          <StatusBadge status={ticket.status} />
          <PriorityBadge priority={ticket.priority} />
          {ticket.status !== "resolved" ? (
            <Button
              size="sm"
              variant="outline"
              className="ml-auto"
              disabled={busy}
              onClick={() => changeStatus(closed ? "open" : "closed")}
            >
              {closed ? "Reopen Ticket" : "Close Ticket"}
            </Button>
          ) : null}
        </div>
      </header>
      {status.isError ? <FormAlert kind="error">Failed to update ticket status. Please try again.</FormAlert> : null}
      <section className="space-y-3" aria-label="Conversation">
        <Message author="You" admin={false} text={ticket.message} at={ticket.createdAt} />
        {ticket.responses.map((r, i) => (
          <Message
            key={i}
            author={r.responder === "admin" ? "Support Team" : "You"}
            admin={r.responder === "admin"}
            text={r.message}
            at={r.createdAt}
          />
        ))}
      </section>
      {closed ? (
        <div className="flex items-start gap-3 rounded-lg border bg-muted p-4 text-sm">
          <Lock className="mt-0.5 size-4 text-muted-foreground" aria-hidden />
          <div>
            <p className="font-medium">This ticket is closed</p>
            <p className="text-muted-foreground">
              Need more help with this? Reopen the ticket to continue the conversation.
            </p>
          </div>
        </div>
      ) : (
        <form onSubmit={onReply} className="space-y-2" noValidate>
          {form.formError ? (
            <FormAlert kind="error" id={form.errorId}>
              {form.formError}
            </FormAlert>
          ) : null}
          <Label htmlFor="ticket-reply">Add your response</Label>
          <Textarea
            id="ticket-reply"
            rows={4}
            maxLength={TICKET_LIMITS.message}
            placeholder="Add your response"
            {...form.register("message")}
            {...form.field("message")}
          />
          <div className="flex justify-end">
            <Button type="submit" disabled={busy}>
              {busy && reply.isPending ? "Sending..." : "Send Response"}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
