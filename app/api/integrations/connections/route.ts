import { withUser } from "@/lib/http/handlers";
import { parseBody } from "@/lib/http/parse";
import { json } from "@/lib/http/respond";
import { createIntegration, listIntegrations } from "@/lib/services/sending/connections";
import { createIntegrationSchema } from "@/lib/services/sending/schemas";

export const GET = withUser(async ({ user }) => listIntegrations(user.id));

export const POST = withUser(async ({ req, user }) =>
  json(await createIntegration(user.id, await parseBody(req, createIntegrationSchema)), 201),
);
