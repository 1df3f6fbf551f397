"use client";

import { useState } from "react";
import { Eye } from "lucide-react";
import { PriorityBadge, StatusBadge } from "@/components/help/ticket-badges";
import { Button } from "@/components/ui/button";
import { TableCell, TableHead, TableRow } from "@/components/ui/table";
import { formatShortDate } from "@/lib/client/format";
import { adminKeys, useAdminTickets } from "@/lib/client/queries/admin";
import { adminError } from "./admin-errors";
import { ActionsHead, ListFrame } from "./list-frame";
import { shortId, TicketDialog } from "./ticket-dialog";
import { EMPTY_TICKET_FILTERS, TicketFilters } from "./ticket-filters";
import { useListParams } from "./use-list-params";

export function AdminTickets() {
  const { params, showFilters, resetFilters, showPage } = useListParams(EMPTY_TICKET_FILTERS, adminKeys.ticketList);
  const [viewing, setViewing] = useState<string | null>(null);

  const { data, error: failure, isPlaceholderData } = useAdminTickets(params);
  const error = failure ? adminError(failure, "Failed to load tickets. Please try again.") : "";

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">Support Tickets</h1>
      <TicketFilters onApply={showFilters} onReset={resetFilters} />
      <ListFrame
        error={error}
        rows={data?.tickets}
        refreshing={isPlaceholderData}
        loadingLabel="Loading tickets"
        emptyText="No tickets found."
        testId="tickets-table"
        head={
          <>
            <TableHead>Ticket</TableHead>
            <TableHead>User</TableHead>
            <TableHead>Subject</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Priority</TableHead>
            <TableHead>Date</TableHead>
            <ActionsHead />
          </>
        }
        pagination={data?.pagination ?? null}
        onPage={showPage}
      >
        {(rows) =>
          rows.map((t) => (
            <TableRow key={t._id}>
              <TableCell className="font-mono text-xs">{shortId(t._id)}</TableCell>
              <TableCell className="max-w-56">
                <span className="block truncate font-medium">{t.user?.name || "Anonymous"}</span>
                <span className="block truncate text-xs text-muted-foreground">{t.user?.email || "No email"}</span>
              </TableCell>
              <TableCell className="max-w-72 truncate" title={t.subject}>
                {t.subject}
              </TableCell>
              <TableCell>
                <StatusBadge status={t.status} />
              </TableCell>
              <TableCell>
                <PriorityBadge priority={t.priority} />
              </TableCell>
              <TableCell>{formatShortDate(t.createdAt)}</TableCell>
              <TableCell className="text-right">
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={`View ticket ${shortId(t._id)}`}
                  onClick={() => setViewing(t._id)}
                >
                  <Eye aria-hidden /> View
                </Button>
              </TableCell>
            </TableRow>
          ))
        }
      </ListFrame>
      {viewing ? <TicketDialog key={viewing} ticketId={viewing} onClose={() => setViewing(null)} /> : null}
    </div>
  );
}
