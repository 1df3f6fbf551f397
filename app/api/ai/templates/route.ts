import { withUser } from "@/lib/http/handlers";
import { parseBody } from "@/lib/http/parse";
import { json } from "@/lib/http/respond";
import { templateCreateSchema } from "@/lib/services/ai-config/schemas";
import { createTemplate, listTemplates } from "@/lib/services/templates/templates";

export const GET = withUser(async ({ user }) => listTemplates(user.id));

export const POST = withUser(async ({ req, user }) =>
  json(await createTemplate(user.id, await parseBody(req, templateCreateSchema)), 201),
);
