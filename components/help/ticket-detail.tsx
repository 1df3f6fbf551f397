"use client";

import Link from "next/link";
import { useCallback, useEffect, useState } from "react";
import { ArrowLeft, Lock } from "lucide-react";
import { FormAlert } from "@/components/auth/form-alert";
import { PageSpinner } from "@/components/feedback/page-spinner";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { api, ApiError } from "@/lib/client/api";
import { cn } from "@/lib/utils";
import { PriorityBadge, StatusBadge, type TicketSummary } from "./ticket-badges";

type Load = { kind: "loading" } | { kind: "missing" } | { kind: "error" } | { kind: "ready"; ticket: TicketSummary };

function Message({ author, admin, text, at }: { author: string; admin: boolean; text: string; at: string }) {
  return (
    <div className={cn("rounded-lg border p-4", admin ? "border-primary/30 bg-primary/5" : "bg-card")}>
      <div className="mb-2 flex items-center justify-between gap-2 text-sm">
        <span className="font-semibold">{author}</span>
        <time className="text-xs text-muted-foreground" dateTime={at}>{new Date(at).toLocaleString("en-US")}</time>
      </div>
      <p className="text-sm whitespace-pre-wrap">{text}</p>
    </div>
  );
}

export function TicketDetail({ id }: { id: string }) {
  const [state, setState] = useState<Load>({ kind: "loading" });
  const [reply, setReply] = useState("");
  const [notice, setNotice] = useState<{ kind: "error" | "success"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setState({ kind: "ready", ticket: await api<TicketSummary>(`/api/tickets/${encodeURIComponent(id)}`) });
    } catch (err) {
      setState(err instanceof ApiError && err.status === 404 ? { kind: "missing" } : { kind: "error" });
    }
  }, [id]);

  useEffect(() => {
    let cancelled = false;
    api<TicketSummary>(`/api/tickets/${encodeURIComponent(id)}`)
      .then((ticket) => !cancelled && setState({ kind: "ready", ticket }))
      .catch((err) => !cancelled && setState(err instanceof ApiError && err.status === 404 ? { kind: "missing" } : { kind: "error" }));
    return () => {
      cancelled = true;
    };
  }, [id]);

  async function sendReply(event: React.FormEvent) {
    event.preventDefault();
    if (!reply.trim()) return setNotice({ kind: "error", text: "Please enter a reply message" });
    setBusy(true);
    setNotice(null);
    try {
      const ticket = await api<TicketSummary>(`/api/tickets/${id}/reply`, { body: { message: reply.trim() } });
      setState({ kind: "ready", ticket });
      setReply("");
    } catch {
      setNotice({ kind: "error", text: "Failed to submit your reply. Please try again." });
    } finally {
      setBusy(false);
    }
  }

  async function setStatus(status: "open" | "closed") {
    setBusy(true);
    setNotice(null);
    try {
      const ticket = await api<TicketSummary>(`/api/tickets/${id}`, { method: "PUT", body: { status } });
      setState({ kind: "ready", ticket });
    } catch {
      setNotice({ kind: "error", text: "Failed to update ticket status. Please try again." });
    } finally {
      setBusy(false);
    }
  }

  const back = (
    <Link href="/help" className="inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline">
      <ArrowLeft className="size-4" aria-hidden /> Back to Help Center
    </Link>
  );
  if (state.kind === "loading") return <PageSpinner label="Loading ticket..." />;
  if (state.kind === "missing") {
    return (
      <div className="space-y-4 py-10 text-center">
        <h1 className="text-2xl font-bold">Ticket not found</h1>
        <p className="text-muted-foreground">This ticket does not exist or is not yours.</p>
        {back}
      </div>
    );
  }
  if (state.kind === "error") {
    return (
      <div className="space-y-4">
        {back}
        <div className="flex flex-wrap items-center gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm" role="alert">
          Failed to load ticket details. Please try again.
          <Button size="sm" variant="outline" onClick={load}>Try again</Button>
        </div>
      </div>
    );
  }
  const { ticket } = state;
  const closed = ticket.status === "closed";
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      {back}
      <header className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight">Ticket #{ticket._id.slice(-6)}</h1>
        <p className="text-lg font-medium">{ticket.subject}</p>
        <div className="flex flex-wrap items-center gap-2">
          <StatusBadge status={ticket.status} />
          <PriorityBadge priority={ticket.priority} />
          {ticket.status !== "resolved" ? (
            <Button size="sm" variant="outline" className="ml-auto" disabled={busy} onClick={() => setStatus(closed ? "open" : "closed")}>
              {closed ? "Reopen Ticket" : "Close Ticket"}
            </Button>
          ) : null}
        </div>
      </header>
      {notice ? <FormAlert kind={notice.kind}>{notice.text}</FormAlert> : null}
      <section className="space-y-3" aria-label="Conversation">
        <Message author="You" admin={false} text={ticket.message} at={ticket.createdAt} />
        {ticket.responses.map((r, i) => (
          <Message key={i} author={r.responder === "admin" ? "Support Team" : "You"} admin={r.responder === "admin"} text={r.message} at={r.createdAt} />
        ))}
      </section>
      {closed ? (
        <div className="flex items-start gap-3 rounded-lg border bg-muted p-4 text-sm">
          <Lock className="mt-0.5 size-4 text-muted-foreground" aria-hidden />
          <div>
            <p className="font-medium">This ticket is closed</p>
            <p className="text-muted-foreground">Need more help with this? Reopen the ticket to continue the conversation.</p>
          </div>
        </div>
      ) : (
        <form onSubmit={sendReply} className="space-y-2" noValidate>
          <Label htmlFor="ticket-reply">Add your response</Label>
          <Textarea id="ticket-reply" rows={4} maxLength={5000} placeholder="Add your response" value={reply} onChange={(e) => setReply(e.target.value)} />
          <div className="flex justify-end">
            <Button type="submit" disabled={busy}>{busy ? "Sending..." : "Send Response"}</Button>
          </div>
        </form>
      )}
    </div>
  );
}
