import { withUser } from "@/lib/http/handlers";
import { parseBody, parseId } from "@/lib/http/parse";
import { templateUpdateSchema } from "@/lib/services/ai-config/schemas";
import { deleteTemplate, getTemplate, updateTemplate } from "@/lib/services/templates/templates";

type Params = { id: string };
const NOT_FOUND = "Template not found";

export const GET = withUser<Params>(async ({ user, params }) => getTemplate(user.id, parseId(params.id, NOT_FOUND)));

export const PUT = withUser<Params>(async ({ req, user, params }) =>
  updateTemplate(user.id, parseId(params.id, NOT_FOUND), await parseBody(req, templateUpdateSchema)),
);

export const DELETE = withUser<Params>(async ({ user, params }) => {
  await deleteTemplate(user.id, parseId(params.id, NOT_FOUND));
  return { msg: "Template deleted" };
});
