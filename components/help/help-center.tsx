"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { LifeBuoy } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { api } from "@/lib/client/api";
import { Faq } from "./faq";
import { MyTickets } from "./my-tickets";
import type { TicketSummary } from "./ticket-badges";

const BANNER_MS = 3000;

export function HelpCenter() {
  const [tab, setTab] = useState("faq");
  const [tickets, setTickets] = useState<TicketSummary[] | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [formOpen, setFormOpen] = useState(false);
  const [created, setCreated] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const load = useCallback(async () => {
    setLoadError(false);
    try {
      setTickets(await api<TicketSummary[]>("/api/tickets"));
    } catch {
      setLoadError(true);
    }
  }, []);

  useEffect(() => {
    let cancelled = false;
    api<TicketSummary[]>("/api/tickets")
      .then((list) => !cancelled && setTickets(list))
      .catch(() => !cancelled && setLoadError(true));
    return () => {
      cancelled = true;
      if (timer.current) clearTimeout(timer.current);
    };
  }, []);

  function onCreated() {
    setFormOpen(false);
    setCreated(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setCreated(false), BANNER_MS);
    void load();
  }

  return (
    <div className="space-y-6">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Help Center</h1>
          <p className="text-muted-foreground">Answers to common questions, and a direct line to our team.</p>
        </div>
        <Button
          onClick={() => {
            setTab("tickets");
            setFormOpen(true);
          }}
        >
          <LifeBuoy aria-hidden /> Contact Support
        </Button>
      </header>
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList>
          <TabsTrigger value="faq">Frequently Asked Questions</TabsTrigger>
          <TabsTrigger value="tickets">My Support Tickets</TabsTrigger>
        </TabsList>
        <TabsContent value="faq" className="pt-4">
          <Faq />
        </TabsContent>
        <TabsContent value="tickets" className="pt-4">
          <MyTickets tickets={tickets} loadError={loadError} onRetry={load} formOpen={formOpen} setFormOpen={setFormOpen} created={created} onCreated={onCreated} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
