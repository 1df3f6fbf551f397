import { withUser } from "@/lib/http/handlers";
import { parseBody } from "@/lib/http/parse";
import { templateUpdateSchema } from "@/lib/services/ai-config/schemas";
import { deleteTemplate, getTemplate, updateTemplate } from "@/lib/services/templates/templates";

type Params = { id: string };

export const GET = withUser<Params>(async ({ user, params }) => getTemplate(user.id, params.id));

export const PUT = withUser<Params>(async ({ req, user, params }) =>
  updateTemplate(user.id, params.id, await parseBody(req, templateUpdateSchema)),
);

export const DELETE = withUser<Params>(async ({ user, params }) => {
  await deleteTemplate(user.id, params.id);
  return { msg: "Template deleted" };
});
