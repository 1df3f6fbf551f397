import type { Metadata } from "next";
import { TicketDetail } from "@/components/help/ticket-detail";

export const metadata: Metadata = { title: "Support ticket" };

export default async function TicketPage({ params }: { params: Promise<{ ticketId: string }> }) {
  const { ticketId } = await params;
  return <TicketDetail id={ticketId} />;
}
