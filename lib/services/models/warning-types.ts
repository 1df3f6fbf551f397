/** Shapes of `GET /api/ai/model-warnings` (no server dependencies: the client and OpenAPI use them). */
export const MODEL_WARNING_KINDS = ["config", "template", "batch"] as const;

/** One entry of `GET /api/ai/model-warnings`. */
export interface ModelWarning {
  kind: (typeof MODEL_WARNING_KINDS)[number];
  /** The template's or batch's id; "config" for the AI configuration. */
  id: string;
  name: string;
  model: string;
  modelLabel: string;
  retired: boolean;
  /** ISO date the model stops (or stopped) working; null when the provider gave none. */
  shutdownOn: string | null;
  replacement: string | null;
  replacementLabel: string | null;
}
