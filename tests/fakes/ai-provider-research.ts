/**
 * Web-research answers of the fake AI provider (see ai-provider.ts / ai-provider-wire.ts), shaped
 * like the real APIs' answers when their web search tool ran:
 *
 * - OpenAI Responses API, request `tools` with `{ type: "web_search" }` (or `web_search_preview…`):
 *   a `web_search_call` output item before the message — `action: { type: "search", query }`, plus
 *   `sources: [{ type: "url", url }]` only when the request's `include` has
 *   "web_search_call.action.sources" — and two `url_citation` annotations on the output_text.
 * - Anthropic Messages API, request `tools` with a `web_search_…` server tool and `tool_choice` auto
 *   or any (the research turn): `server_tool_use`, `web_search_tool_result` with two
 *   `web_search_result`s, then the answer as text blocks citing them (`web_search_result_location`),
 *   `stop_reason: "end_turn"` and `usage.server_tool_use.web_search_requests: 1`.
 *
 * The search results are three pages derived from the prompt (deterministic); the answer cites the
 * first two. A prompt containing NO_SOURCES ("[[no-sources]]") makes the search find nothing: no
 * results, no citations.
 */
import { createHash, randomBytes } from "node:crypto";

type Json = Record<string, unknown>;
// Own copies of ai-provider-wire.ts's helpers: that module imports this one.
const collapse = (s: string) => s.replace(/\s+/g, " ").trim();
const id = (prefix: string) => `${prefix}${randomBytes(12).toString("hex")}`;

/** Put this in a prompt to make the fake's web search find nothing (for the `no_sources` quality flag). */
export const NO_SOURCES = "[[no-sources]]";

export interface FakePage {
  url: string;
  title: string;
}

const hasTool = (body: Json, test: (tool: Json) => boolean) =>
  Array.isArray(body.tools) && (body.tools as Json[]).some((t) => t && typeof t === "object" && test(t));

/** An OpenAI Responses request offering the hosted web search tool. */
export function openAIWebSearch(body: Json): boolean {
  return hasTool(body, (t) => typeof t.type === "string" && t.type.startsWith("web_search"));
}

/** An Anthropic Messages request offering the web search server tool with a choice that lets the model search. */
export function anthropicWebSearch(body: Json): boolean {
  const choice = (body.tool_choice as Json | undefined)?.type;
  const free = choice === undefined || choice === "auto" || choice === "any";
  return free && hasTool(body, (t) => typeof t.type === "string" && t.type.startsWith("web_search_"));
}

function slugOf(prompt: string): string {
  const slug = collapse(prompt.split(NO_SOURCES).join(" "))
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/, "");
  return slug || "topic";
}

const topicOf = (prompt: string) => collapse(prompt.split(NO_SOURCES).join(" ")).slice(0, 60) || "Topic";

/** The pages the fake search finds for a prompt (none with NO_SOURCES); the answer cites the first two. */
export function fakeSearchPages(prompt: string): FakePage[] {
  if (prompt.includes(NO_SOURCES)) return [];
  const slug = slugOf(prompt);
  const topic = topicOf(prompt);
  return [
    { url: `https://example.com/research/${slug}`, title: `${topic} | Example Research` },
    { url: `https://news.example.org/${slug}`, title: `News: ${topic}` },
    { url: `https://blog.example.net/${slug}`, title: `Notes on ${topic}` },
  ];
}

/** A stable opaque token, like the providers' encrypted fields. */
const opaque = (seed: string, length: number) =>
  createHash("sha256").update(seed).digest("base64").replace(/=+$/, "").slice(0, length);

/** Splits text into the spans [0, mid) and [mid, length) (the second empty for text shorter than 2). */
function halves(text: string): [number, number, number] {
  const mid = text.length > 1 ? Math.ceil(text.length / 2) : text.length;
  return [0, mid, text.length];
}

function citation(page: FakePage, prompt: string): Json {
  return {
    type: "web_search_result_location",
    url: page.url,
    title: page.title,
    encrypted_index: opaque(`index:${page.url}`, 48),
    cited_text: `${page.title}: what the page says about ${topicOf(prompt)}.`.slice(0, 150),
  };
}

/**
 * The Responses API `output` list: the message with the answer; with web search offered, after a
 * web_search_call and with url_citation annotations.
 */
export function openAIOutput(body: Json, text: string, prompt: string): Json[] {
  const message = (annotations: Json[]): Json => ({
    type: "message",
    id: id("msg_"),
    status: "completed",
    role: "assistant",
    content: [{ type: "output_text", text, annotations }],
  });
  if (!openAIWebSearch(body)) return [message([])];
  const pages = fakeSearchPages(prompt);
  const include = Array.isArray(body.include) ? (body.include as unknown[]) : [];
  const action: Json = { type: "search", query: topicOf(prompt) };
  if (include.includes("web_search_call.action.sources"))
    action.sources = pages.map((p) => ({ type: "url", url: p.url }));
  const [start, mid, end] = halves(text);
  const annotations = pages.slice(0, 2).map((p, i) => ({
    type: "url_citation",
    start_index: i === 0 ? start : mid,
    end_index: i === 0 ? mid : end,
    url: p.url,
    title: p.title,
  }));
  return [{ type: "web_search_call", id: id("ws_"), status: "completed", action }, message(annotations)];
}

/**
 * The Messages API content of a research turn: the search, its results, and the answer text in two
 * text blocks (joined they are `text`), each citing one result. Null when the request is no research turn.
 */
export function anthropicResearchContent(body: Json, text: string, prompt: string): Json[] | null {
  if (!anthropicWebSearch(body)) return null;
  const pages = fakeSearchPages(prompt);
  const toolUseId = id("srvtoolu_");
  const caller = { type: "direct" };
  const cited = pages.slice(0, 2);
  const [start, mid, end] = halves(text);
  const textBlocks =
    cited.length === 0
      ? [{ type: "text", text, citations: null }]
      : mid === end
        ? [{ type: "text", text, citations: cited.map((p) => citation(p, prompt)) }]
        : [
            { type: "text", text: text.slice(start, mid), citations: [citation(cited[0]!, prompt)] },
            { type: "text", text: text.slice(mid, end), citations: cited.slice(1).map((p) => citation(p, prompt)) },
          ];
  return [
    { type: "server_tool_use", id: toolUseId, name: "web_search", input: { query: topicOf(prompt) }, caller },
    {
      type: "web_search_tool_result",
      tool_use_id: toolUseId,
      caller,
      content: pages.map((p, i) => ({
        type: "web_search_result",
        url: p.url,
        title: p.title,
        encrypted_content: opaque(`content:${p.url}`, 64),
        page_age: i === 0 ? "April 30, 2025" : null,
      })),
    },
    ...textBlocks,
  ];
}

/** Tokens of search results a page adds to the model's input (the providers bill and count them as input). */
export const SEARCH_RESULT_TOKENS_PER_PAGE = 200;

/**
 * Input tokens the web search adds to a research request (its results, read by the model): known only when
 * the call ends, so the rate limits count them then; 0 when the request offers no search tool.
 */
export function researchInputTokens(endpoint: string, body: Json, prompt: string): number {
  const searches =
    (endpoint === "responses" && openAIWebSearch(body)) || (endpoint === "messages" && anthropicWebSearch(body));
  return searches ? SEARCH_RESULT_TOKENS_PER_PAGE * fakeSearchPages(prompt).length : 0;
}

/** `usage.server_tool_use` of a Messages answer: present when the web search tool was offered, 1 search if it ran. */
export function webSearchUsage(body: Json): { server_tool_use?: { web_search_requests: number } } {
  if (!hasTool(body, (t) => t.name === "web_search")) return {};
  return { server_tool_use: { web_search_requests: anthropicWebSearch(body) ? 1 : 0 } };
}
