"use client";

import { useEffect, useState } from "react";
import { LifeBuoy } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useMyTickets } from "@/lib/client/queries/tickets";
import { Faq } from "./faq";
import { MyTickets } from "./my-tickets";

/** Spec: the ticket-created banner shows for 3 seconds. */
const BANNER_MS = 3000;

export function HelpCenter() {
  const [tab, setTab] = useState("faq");
  const [formOpen, setFormOpen] = useState(false);
  // When the last ticket was created (each creation restarts the banner's 3 seconds), or null.
  const [createdAt, setCreatedAt] = useState<number | null>(null);
  // The list starts loading with the page, whichever tab is shown first.
  useMyTickets();

  useEffect(() => {
    if (createdAt === null) return;
    const timer = setTimeout(() => setCreatedAt(null), BANNER_MS);
    return () => clearTimeout(timer);
  }, [createdAt]);

  function onCreated() {
    setFormOpen(false);
    setCreatedAt(Date.now());
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
          <MyTickets formOpen={formOpen} setFormOpen={setFormOpen} created={createdAt !== null} onCreated={onCreated} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
