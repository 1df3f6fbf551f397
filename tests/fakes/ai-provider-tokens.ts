/**
 * Token counts the fake provider reports in `usage`, computed from the request as sent (the way
 * the providers bill): every message's text, the message framing, and the structured-output
 * schema or tool definitions. Counted with OpenAI's o200k_base BPE (gpt-tokenizer). The fake has
 * no Claude tokenizer: Anthropic requests are counted with o200k too, plus the tool-use system
 * prompt Anthropic documents (313 tokens when tool_choice is "tool" or "any", 346 with "auto").
 */
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import type { FakeEndpoint, FakeProvider, Json } from "./ai-provider-types";

const PLAIN = { disallowedSpecial: new Set<string>() };
export const o200kTokens = (text: string) => (text ? countTokens(text, PLAIN) : 0);

function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return content ? JSON.stringify(content) : "";
  return content.map((p: Json) => (typeof p?.text === "string" ? p.text : p ? JSON.stringify(p) : "")).join("\n");
}

/** 4 tokens of framing per message (its role and separators) and 3 that prime the answer. */
function messagesTokens(list: unknown): number {
  if (typeof list === "string") return 4 + o200kTokens(list) + 3;
  if (!Array.isArray(list)) return 0;
  return (list as Json[]).reduce((sum, m) => sum + 4 + o200kTokens(contentText(m?.content)), 3);
}

const jsonTokens = (value: unknown) => (value ? o200kTokens(JSON.stringify(value)) : 0);

/** `prompt_tokens` / `input_tokens` of a generation request. */
export function reportedInputTokens(provider: FakeProvider, endpoint: FakeEndpoint, body: Json): number {
  if (endpoint === "chat.completions") {
    const format = (body.response_format as Json | undefined)?.json_schema;
    return messagesTokens(body.messages) + jsonTokens(format) + jsonTokens(body.tools);
  }
  if (endpoint === "responses") {
    const instructions = typeof body.instructions === "string" ? 4 + o200kTokens(body.instructions) : 0;
    const format = (body.text as Json | undefined)?.format as Json | undefined;
    return instructions + messagesTokens(body.input) + jsonTokens(format?.schema) + jsonTokens(body.tools);
  }
  if (provider !== "anthropic") return 0;
  const system = body.system ? 4 + o200kTokens(contentText(body.system)) : 0;
  const tools = body.tools as Json[] | undefined;
  const choice = (body.tool_choice as Json | undefined)?.type;
  const toolPrompt = tools?.length ? (choice === "auto" || choice === undefined ? 346 : 313) : 0;
  return system + messagesTokens(body.messages) + jsonTokens(tools) + toolPrompt;
}
