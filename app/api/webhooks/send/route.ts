import { withUser } from "@/lib/http/handlers";
import { parseBody } from "@/lib/http/parse";
import { sendRowsSchema } from "@/lib/services/integrations/schemas";
import { sendRows } from "@/lib/services/integrations/send";

export const maxDuration = 300;

export const POST = withUser(async ({ req, user }) => sendRows(user.id, "make", (await parseBody(req, sendRowsSchema)).data));
