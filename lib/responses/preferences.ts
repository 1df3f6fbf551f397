/**
 * Answers of the user's screen preferences (docs/api.md "Preferences"). Each answer's type is
 * inferred from its schema (docs/architecture.md).
 */
import { z } from "zod";
import { GENERATOR_VIEWS } from "@/lib/services/preferences/schemas";

export const Preferences = z.object({
  generatorView: z
    .enum(GENERATOR_VIEWS)
    .describe(
      "The generator's table: `output_first` (the generated columns right after the row number; the default) or `all` (the file's column order)",
    ),
});

export type PreferencesJson = z.output<typeof Preferences>;
