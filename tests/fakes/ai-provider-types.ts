/** Names the fake AI provider's modules share (the wire formats, the token counts). */
export type FakeProvider = "openai" | "anthropic";
export type FakeEndpoint =
  "models.list" | "models.retrieve" | "chat.completions" | "responses" | "messages" | "unknown";
export type Json = Record<string, unknown>;
