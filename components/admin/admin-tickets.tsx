"use client";

import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Eye } from "lucide-react";
import { FormAlert } from "@/components/auth/form-alert";
import { PriorityBadge, StatusBadge } from "@/components/help/ticket-badges";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatShortDate } from "@/lib/client/format";
import { adminKeys, useAdminTickets, type TicketListParams } from "@/lib/client/queries/admin";
import { adminError } from "./admin-errors";
import { ListFrame } from "./list-frame";
import { shortId, TicketDialog } from "./ticket-dialog";
import { EMPTY_TICKET_FILTERS, TicketFilters, type TicketFilterValues } from "./ticket-filters";

export function AdminTickets() {
  const queryClient = useQueryClient();
  const [params, setParams] = useState<TicketListParams>({ page: 1, ...EMPTY_TICKET_FILTERS });
  const [viewing, setViewing] = useState<string | null>(null);

  const { data, error: failure, isPlaceholderData } = useAdminTickets(params);
  const error = failure ? adminError(failure, "Failed to load tickets. Please try again.") : "";

  /** Apply and Reset show page 1 of the given filters, asking again even when nothing changed. */
  function showFilters(filters: TicketFilterValues) {
    const next = { page: 1, ...filters };
    setParams(next);
    void queryClient.invalidateQueries({ queryKey: adminKeys.ticketList(next), exact: true });
  }

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">Support Tickets</h1>
      <TicketFilters onApply={showFilters} onReset={() => showFilters(EMPTY_TICKET_FILTERS)} />
      {error ? <FormAlert kind="error">{error}</FormAlert> : null}
      {error && !data ? null : (
        <ListFrame
          loading={!data}
          refreshing={isPlaceholderData}
          loadingLabel="Loading tickets"
          empty={(data?.tickets.length ?? 0) === 0}
          emptyText="No tickets found."
          pagination={data?.pagination ?? null}
          onPage={(page) => setParams((p) => ({ ...p, page }))}
        >
          {data ? (
            <Table data-testid="tickets-table">
              <TableHeader>
                <TableRow>
                  <TableHead>Ticket</TableHead>
                  <TableHead>User</TableHead>
                  <TableHead>Subject</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead>Priority</TableHead>
                  <TableHead>Date</TableHead>
                  <TableHead className="text-right">
                    <span className="sr-only">Actions</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.tickets.map((t) => (
                  <TableRow key={t._id}>
                    <TableCell className="font-mono text-xs">{shortId(t._id)}</TableCell>
                    <TableCell className="max-w-56">
                      <span className="block truncate font-medium">{t.user?.name || "Anonymous"}</span>
                      <span className="block truncate text-xs text-muted-foreground">
                        {t.user?.email || "No email"}
                      </span>
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
                ))}
              </TableBody>
            </Table>
          ) : null}
        </ListFrame>
      )}
      {viewing ? <TicketDialog key={viewing} ticketId={viewing} onClose={() => setViewing(null)} /> : null}
    </div>
  );
}
