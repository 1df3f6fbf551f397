import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Logo } from "@/components/shell/logo";
import { ThemeToggle } from "@/components/shell/theme-toggle";
import { Badge } from "@/components/ui/badge";
import { formatDateTime } from "@/lib/client/format";
import { listOutbox } from "@/lib/mail/outbox-driver";
import { isOutboxActive } from "@/lib/mail/send";

export const metadata: Metadata = { title: "Dev mailbox" };
export const dynamic = "force-dynamic";

/** Plain text with its URLs turned into links. */
function Linkified({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s]+)/g);
  return (
    <>
      {parts.map((part, i) =>
        /^https?:\/\//.test(part) ? (
          <a key={i} href={part} className="break-all text-primary underline underline-offset-2">
            {part}
          </a>
        ) : (
          <span key={i}>{part}</span>
        ),
      )}
    </>
  );
}

export default async function DevMailboxPage({ searchParams }: { searchParams: Promise<{ to?: string }> }) {
  if (!isOutboxActive()) notFound();
  const { to } = await searchParams;
  const emails = await listOutbox(to);
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <div className="flex flex-wrap items-center gap-3">
        <Logo href="/" />
        <Badge variant="secondary">Outbox</Badge>
        <div className="ml-auto">
          <ThemeToggle />
        </div>
      </div>
      <div>
        <h1 className="text-2xl font-bold">Dev mailbox</h1>
        <p className="text-sm text-muted-foreground">
          Every e-mail the app would send, newest first{to ? ` — to ${to}` : ""}. Local mode only.
        </p>
        <form className="mt-3 flex gap-2" action="/dev/mailbox">
          <input
            name="to"
            defaultValue={to}
            placeholder="Filter by recipient"
            className="h-9 flex-1 rounded-md border border-input bg-background px-3 text-sm text-foreground placeholder:text-muted-foreground"
            aria-label="Recipient"
          />
          <button type="submit" className="h-9 rounded-md bg-primary px-4 text-sm text-primary-foreground">
            Filter
          </button>
        </form>
      </div>
      {emails.length === 0 ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">No e-mails yet.</p>
      ) : (
        <ul className="space-y-4">
          {emails.map((email, i) => (
            <li key={`${email.createdAt}-${i}`} className="rounded-lg border bg-card p-4 shadow-sm">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 className="font-semibold">{email.subject}</h2>
                <time className="text-xs text-muted-foreground" dateTime={email.createdAt}>
                  {formatDateTime(email.createdAt, "en-US")}
                </time>
              </div>
              <p className="text-sm text-muted-foreground">To: {email.to}</p>
              <pre className="mt-3 whitespace-pre-wrap font-sans text-sm">
                <Linkified text={email.text} />
              </pre>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
