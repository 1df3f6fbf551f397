import { z } from "zod";
import { handle } from "@/lib/http/handlers";
import { AppError } from "@/lib/errors";
import { parseQuery } from "@/lib/http/parse";
import { json } from "@/lib/http/respond";
import { listOutbox } from "@/lib/mail/outbox-driver";
import { isOutboxActive } from "@/lib/mail/send";
import { safeString } from "@/lib/validation/strings";

const mailboxQuery = z.object({ to: safeString().max(320).optional() });

export const dynamic = "force-dynamic";

/** The outbox as JSON, newest first (only while the outbox driver is active). */
export const GET = handle(async ({ req }) => {
  if (!isOutboxActive()) throw new AppError("not_found", "Not found");
  const { to } = parseQuery(req, mailboxQuery);
  return json(await listOutbox(to));
});
