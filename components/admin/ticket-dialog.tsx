"use client";

import { useEffect, useState } from "react";
import { FormAlert } from "@/components/auth/form-alert";
import { PriorityBadge, StatusBadge, type TicketSummary } from "@/components/help/ticket-badges";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { cn } from "@/lib/utils";
import { adminApi, adminError } from "./admin-api";
import { TICKET_STATUSES } from "./ticket-filters";

/** The admin view of a ticket: the owner carries an id and responses a `timestamp`. */
export interface AdminTicket extends Omit<TicketSummary, "user" | "responses"> {
  user: { _id: string; name: string; email: string } | null;
  responses: (TicketSummary["responses"][number] & { timestamp?: string })[];
}

export const shortId = (id: string) => `#${id.slice(-6)}`;

function Message({ author, admin, text, at }: { author: string; admin: boolean; text: string; at: string }) {
  return (
    <li className={cn("rounded-lg border p-3", admin ? "border-primary/30 bg-primary/5" : "bg-card")}>
      <div className="mb-1.5 flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="font-semibold">{author}</span>
        <time className="text-xs text-muted-foreground" dateTime={at}>{new Date(at).toLocaleString("en-US")}</time>
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

interface Props {
  ticketId: string;
  onClose: () => void;
  /** Called after a successful save so the list can refresh. */
  onUpdated: () => void;
}

/** Loads one ticket; shows it with its conversation and saves a status and an optional response together. */
export function TicketDialog({ ticketId, onClose, onUpdated }: Props) {
  const [ticket, setTicket] = useState<AdminTicket | null>(null);
  const [loadError, setLoadError] = useState("");
  const [status, setStatus] = useState("");
  const [response, setResponse] = useState("");
  const [notice, setNotice] = useState<{ kind: "error" | "success"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const url = `/api/admin/tickets/${encodeURIComponent(ticketId)}`;

  useEffect(() => {
    let cancelled = false;
    adminApi<AdminTicket>(url)
      .then((t) => {
        if (cancelled) return;
        setTicket(t);
        setStatus(t.status);
      })
      .catch((err) => !cancelled && setLoadError(adminError(err, "Failed to load ticket details.")));
    return () => {
      cancelled = true;
    };
  }, [url]);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setNotice(null);
    try {
      const text = response.trim();
      const updated = await adminApi<AdminTicket>(url, { method: "PUT", body: text ? { status, response: text } : { status } });
      setTicket(updated);
      setStatus(updated.status);
      setResponse("");
      setNotice({ kind: "success", text: "Ticket updated successfully." });
      onUpdated();
    } catch (err) {
      setNotice({ kind: "error", text: adminError(err, "Failed to update ticket.") });
    } finally {
      setBusy(false);
    }
  }

  const userName = ticket?.user?.name || "User";
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-2xl" data-testid="ticket-dialog">
        <DialogHeader>
          <DialogTitle>Ticket {shortId(ticketId)}</DialogTitle>
          <DialogDescription>{ticket ? ticket.subject : loadError ? "The ticket could not be loaded." : "Loading ticket..."}</DialogDescription>
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
              <h3 id="ticket-conversation-heading" className="text-sm font-semibold">Conversation</h3>
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
            <form onSubmit={save} className="space-y-4" noValidate aria-label="Update ticket">
              {notice ? <FormAlert kind={notice.kind}>{notice.text}</FormAlert> : null}
              <div className="space-y-1.5">
                <Label htmlFor="ticket-update-status">Status</Label>
                <Select value={status} onValueChange={setStatus}>
                  <SelectTrigger id="ticket-update-status" className="sm:w-56">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {TICKET_STATUSES.map((s) => (
                      <SelectItem key={s} value={s}>{s}</SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
              <div className="space-y-1.5">
                <Label htmlFor="ticket-update-response">Response (optional)</Label>
                <Textarea
                  id="ticket-update-response"
                  rows={4}
                  maxLength={5000}
                  placeholder="Write a reply to the user"
                  value={response}
                  onChange={(e) => setResponse(e.target.value)}
                />
              </div>
              <DialogFooter>
                <Button type="submit" disabled={busy}>{busy ? "Updating..." : "Update Ticket"}</Button>
              </DialogFooter>
            </form>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
