import { z } from "zod";

/**
 * How the generator's table lays out its columns: every column in the file's order ("all"), or the
 * generated output (Subject Line, Email Body, the other output fields) right after the row number,
 * before the prospect's columns ("output_first", the default).
 */
export const GENERATOR_VIEWS = ["all", "output_first"] as const;
export type GeneratorView = (typeof GENERATOR_VIEWS)[number];
export const DEFAULT_GENERATOR_VIEW: GeneratorView = "output_first";

const VIEW_MESSAGE = `generatorView must be one of: ${GENERATOR_VIEWS.map((v) => `"${v}"`).join(", ")}`;

/** `PUT /api/preferences`. */
export const updatePreferencesSchema = z.object({
  generatorView: z.enum(GENERATOR_VIEWS, { error: VIEW_MESSAGE }),
});

export type UpdatePreferencesInput = z.infer<typeof updatePreferencesSchema>;
