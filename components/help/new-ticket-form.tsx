"use client";

import { useState } from "react";
import { FormAlert } from "@/components/auth/form-alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { api } from "@/lib/client/api";

export function NewTicketForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: () => void }) {
  const [subject, setSubject] = useState("");
  const [priority, setPriority] = useState("medium");
  const [message, setMessage] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!subject.trim()) return setError("Please enter a subject for your ticket");
    if (!message.trim()) return setError("Please enter a message describing your issue");
    setBusy(true);
    setError("");
    try {
      await api("/api/tickets", { body: { subject: subject.trim(), message: message.trim(), priority } });
      setSubject("");
      setMessage("");
      setPriority("medium");
      onCreated();
    } catch {
      setError("Failed to create your support ticket. Please try again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4 rounded-xl border bg-card p-4 sm:p-6" noValidate aria-label="New support ticket">
      <h3 className="text-lg font-semibold">New Support Ticket</h3>
      {error ? <FormAlert kind="error">{error}</FormAlert> : null}
      <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
        <div className="space-y-1.5">
          <Label htmlFor="ticket-subject">Subject</Label>
          <Input id="ticket-subject" value={subject} maxLength={200} onChange={(e) => setSubject(e.target.value)} placeholder="Briefly describe the problem" />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="ticket-priority">Priority</Label>
          <Select value={priority} onValueChange={setPriority}>
            <SelectTrigger id="ticket-priority" className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="low">Low</SelectItem>
              <SelectItem value="medium">Medium</SelectItem>
              <SelectItem value="high">High</SelectItem>
            </SelectContent>
          </Select>
        </div>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="ticket-message">Message</Label>
        <Textarea id="ticket-message" rows={6} maxLength={5000} value={message} onChange={(e) => setMessage(e.target.value)} placeholder="What happened, what did you expect, and how can we reproduce it?" />
      </div>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? "Submitting..." : "Submit Ticket"}
        </Button>
      </div>
    </form>
  );
}
