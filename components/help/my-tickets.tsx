"use client";

import Link from "next/link";
import { Plus } from "lucide-react";
import { FormAlert } from "@/components/auth/form-alert";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatDate } from "@/lib/client/format";
import { useMyTickets } from "@/lib/client/queries/tickets";
import { NewTicketForm } from "./new-ticket-form";
import { PriorityBadge, StatusBadge } from "./ticket-badges";

interface Props {
  formOpen: boolean;
  setFormOpen: (open: boolean) => void;
  created: boolean;
  onCreated: () => void;
}

/** "My Support Tickets": New Ticket, the form, the success banner, and the table. */
export function MyTickets({ formOpen, setFormOpen, created, onCreated }: Props) {
  const { data: tickets, isError, refetch } = useMyTickets();
  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">Questions, problems or refunds: our team answers every ticket.</p>
        {!formOpen ? (
          <Button onClick={() => setFormOpen(true)}>
            <Plus aria-hidden /> New Ticket
          </Button>
        ) : null}
      </div>
      {created ? (
        <FormAlert kind="success">
          Your support ticket has been created successfully! Our team will get back to you soon.
        </FormAlert>
      ) : null}
      {formOpen ? <NewTicketForm onCancel={() => setFormOpen(false)} onCreated={onCreated} /> : null}
      {isError && !tickets ? (
        <div
          className="flex flex-wrap items-center gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm"
          role="alert"
        >
          Failed to load your support tickets. Please try again.
          <Button size="sm" variant="outline" onClick={() => void refetch()}>
            Try again
          </Button>
        </div>
      ) : !tickets ? (
        <div className="space-y-2" aria-label="Loading tickets">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : tickets.length === 0 ? (
        <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground">No tickets found</p>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Subject</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Priority</TableHead>
              <TableHead>Created</TableHead>
              <TableHead>Last Update</TableHead>
              <TableHead className="text-right">View</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {tickets.map((t) => (
              <TableRow key={t._id}>
                <TableCell className="max-w-64 truncate font-medium">{t.subject}</TableCell>
                <TableCell>
                  <StatusBadge status={t.status} />
                </TableCell>
                <TableCell>
                  <PriorityBadge priority={t.priority} />
                </TableCell>
                <TableCell>{formatDate(t.createdAt)}</TableCell>
                <TableCell>{formatDate(t.updatedAt)}</TableCell>
                <TableCell className="text-right">
                  <Button asChild size="sm" variant="outline">
                    <Link href={`/help/tickets/${t._id}`}>View</Link>
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  );
}
