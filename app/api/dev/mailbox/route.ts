import { handle } from "@/lib/http/handlers";
import { AppError } from "@/lib/http/errors";
import { json } from "@/lib/http/respond";
import { listOutbox } from "@/lib/mail/outbox-driver";
import { isOutboxActive } from "@/lib/mail/send";

export const dynamic = "force-dynamic";

/** The outbox as JSON, newest first (only while the outbox driver is active). */
export const GET = handle(async ({ req }) => {
  if (!isOutboxActive()) throw new AppError(404, "Not found");
  const to = new URL(req.url).searchParams.get("to") ?? undefined;
  return json(await listOutbox(to));
});
