import { withUser } from "@/lib/http/handlers";
import { parseBody } from "@/lib/http/parse";
import { getPreferences, updatePreferences } from "@/lib/services/preferences/preferences";
import { updatePreferencesSchema } from "@/lib/services/preferences/schemas";

/** The caller's screen preferences: `{ generatorView: "all" | "output_first" }`. */
export const GET = withUser(async ({ user }) => getPreferences(user.id));

export const PUT = withUser(async ({ req, user }) =>
  updatePreferences(user.id, await parseBody(req, updatePreferencesSchema)),
);
