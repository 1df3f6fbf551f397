"use client";

import { Controller } from "react-hook-form";
import { FormAlert } from "@/components/auth/form-alert";
import { useZodForm } from "@/components/forms/use-zod-form";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { hasCode, messageOf } from "@/lib/client/api";
import { useCreateTicket } from "@/lib/client/queries/tickets";
import { createTicketSchema, TICKET_LIMITS } from "@/lib/services/tickets/schemas";

const FAILED = "Failed to create your support ticket. Please try again.";
/** Spec order: the subject's message before the message's. */
const MESSAGE_ORDER = ["Please enter a subject for your ticket", "Please enter a message describing your issue"];
const PRIORITIES = [
  { value: "low", label: "Low" },
  { value: "medium", label: "Medium" },
  { value: "high", label: "High" },
] as const;

/** New Support Ticket; on success the list is read again before `onCreated` runs. A failure keeps what was typed. */
export function NewTicketForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: () => void }) {
  const form = useZodForm(createTicketSchema, {
    defaultValues: { subject: "", message: "", priority: "medium" },
    messageOrder: MESSAGE_ORDER,
  });
  const create = useCreateTicket();

  const onSubmit = form.handleSubmit((values) =>
    create.mutateAsync(values).then(
      () => {
        form.reset();
        onCreated();
      },
      (error) => form.setServerError(hasCode(error, "invalid_input") ? messageOf(error, FAILED) : FAILED),
    ),
  );

  return (
    <form
      onSubmit={onSubmit}
      className="space-y-4 rounded-xl border bg-card p-4 sm:p-6"
      noValidate
      aria-label="New support ticket"
    >
      <h3 className="text-lg font-semibold">New Support Ticket</h3>
      {form.formError ? (
        <FormAlert kind="error" id={form.errorId}>
          {form.formError}
        </FormAlert>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
        <div className="space-y-1.5">
          <Label htmlFor="ticket-subject">Subject</Label>
          <Input
            id="ticket-subject"
            maxLength={TICKET_LIMITS.subject}
            placeholder="Briefly describe the problem"
            {...form.register("subject")}
            {...form.field("subject")}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="ticket-priority">Priority</Label>
          <Controller
            control={form.control}
            name="priority"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger
                  id="ticket-priority"
                  className="w-full"
                  ref={field.ref}
                  onBlur={field.onBlur}
                  {...form.field("priority")}
                >
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {PRIORITIES.map((p) => (
                    <SelectItem key={p.value} value={p.value}>
                      {p.label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </div>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="ticket-message">Message</Label>
        <Textarea
          id="ticket-message"
          rows={6}
          maxLength={TICKET_LIMITS.message}
          placeholder="What happened, what did you expect, and how can we reproduce it?"
          {...form.register("message")}
          {...form.field("message")}
        />
      </div>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? "Submitting..." : "Submit Ticket"}
        </Button>
      </div>
    </form>
  );
}
