/** Operations of the user's screen preferences (docs/api.md "Preferences"; the registry: ./operations.ts). */
import { updatePreferencesSchema } from "@/lib/services/preferences/schemas";
import { ok, type OperationSpec } from "./operation-spec";

export const PREFERENCES_OPERATIONS: readonly OperationSpec[] = [
  {
    method: "get",
    path: "/api/preferences",
    operationId: "getPreferences",
    tag: "Preferences",
    summary: "The caller's screen preferences",
    description:
      "The generator's table view: `output_first` (the generated columns right after the row number) until the user chooses `all`.",
    access: "user",
    success: ok("The preferences", "Preferences", { generatorView: "output_first" }),
  },
  {
    method: "put",
    path: "/api/preferences",
    operationId: "updatePreferences",
    tag: "Preferences",
    summary: "Save the caller's screen preferences",
    description: "An unknown `generatorView` is a 400 naming the accepted values.",
    access: "user",
    body: updatePreferencesSchema,
    bodyExample: { generatorView: "all" },
    success: ok("The preferences as saved", "Preferences", { generatorView: "all" }),
  },
];
