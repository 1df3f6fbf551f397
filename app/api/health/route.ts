import { sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { handle } from "@/lib/http/handlers";

export const dynamic = "force-dynamic";

/** Readiness: the database answers. */
export const GET = handle(async () => {
  await db.execute(sql`select 1`);
  return { ok: true };
});
