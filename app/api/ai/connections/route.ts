import { withUser } from "@/lib/http/handlers";
import { parseBody } from "@/lib/http/parse";
import { json } from "@/lib/http/respond";
import { createConnection, listConnectionsJson } from "@/lib/services/connections/connections";
import { createConnectionSchema } from "@/lib/services/connections/schemas";

export const GET = withUser(async ({ user }) => listConnectionsJson(user.id));

export const POST = withUser(async ({ req, user }) =>
  json(await createConnection(user.id, await parseBody(req, createConnectionSchema)), 201),
);
