import { withUser } from "@/lib/http/handlers";
import { parseBody } from "@/lib/http/parse";
import { json } from "@/lib/http/respond";
import { activeConnectionId, createConnection, listConnections, toConnectionJson } from "@/lib/services/connections/connections";
import { createConnectionSchema } from "@/lib/services/connections/schemas";

export const GET = withUser(async ({ user }) => {
  const [rows, active] = await Promise.all([listConnections(user.id), activeConnectionId(user.id)]);
  return { connections: rows.map((row) => toConnectionJson(row, active)) };
});

export const POST = withUser(async ({ req, user }) => json(await createConnection(user.id, await parseBody(req, createConnectionSchema)), 201));
