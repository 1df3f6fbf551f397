"use client";

import { useState } from "react";
import { Eye } from "lucide-react";
import { FormAlert } from "@/components/auth/form-alert";
import { PriorityBadge, StatusBadge } from "@/components/help/ticket-badges";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { day, queryString } from "./admin-api";
import { ListFrame } from "./list-frame";
import { useAdminList } from "./use-admin-list";
import type { PaginationJson } from "./pager";
import { shortId, TicketDialog, type AdminTicket } from "./ticket-dialog";
import { EMPTY_TICKET_FILTERS, TicketFilters, type TicketFilterValues } from "./ticket-filters";

const PAGE_SIZE = 10;

interface TicketsJson {
  tickets: AdminTicket[];
  pagination: PaginationJson;
}

export function AdminTickets() {
  const [draft, setDraft] = useState<TicketFilterValues>(EMPTY_TICKET_FILTERS);
  const [filters, setFilters] = useState<TicketFilterValues>(EMPTY_TICKET_FILTERS);
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<string | null>(null);

  const url = `/api/admin/tickets${queryString({ page, limit: PAGE_SIZE, ...filters })}`;

  const { data, loading, error, reload } = useAdminList<TicketsJson>(url, "Failed to load tickets. Please try again.");

  function apply() {
    setFilters({ ...draft, search: draft.search.trim() });
    setPage(1);
    reload();
  }

  function reset() {
    setDraft(EMPTY_TICKET_FILTERS);
    setFilters(EMPTY_TICKET_FILTERS);
    setPage(1);
    reload();
  }

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">Support Tickets</h1>
      <TicketFilters values={draft} onChange={setDraft} onApply={apply} onReset={reset} />
      {error ? <FormAlert kind="error">{error}</FormAlert> : null}
      {error && !data ? null : (
        <ListFrame loading={!data} refreshing={loading} loadingLabel="Loading tickets" empty={(data?.tickets.length ?? 0) === 0} emptyText="No tickets found." pagination={data?.pagination ?? null} onPage={setPage}>
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
                        <span className="block truncate text-xs text-muted-foreground">{t.user?.email || "No email"}</span>
                      </TableCell>
                      <TableCell className="max-w-72 truncate" title={t.subject}>{t.subject}</TableCell>
                      <TableCell><StatusBadge status={t.status} /></TableCell>
                      <TableCell><PriorityBadge priority={t.priority} /></TableCell>
                      <TableCell>{day(t.createdAt)}</TableCell>
                      <TableCell className="text-right">
                        <Button size="sm" variant="outline" aria-label={`View ticket ${shortId(t._id)}`} onClick={() => setViewing(t._id)}>
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
      {viewing ? (
        <TicketDialog key={viewing} ticketId={viewing} onClose={() => setViewing(null)} onUpdated={() => reload()} />
      ) : null}
    </div>
  );
}
