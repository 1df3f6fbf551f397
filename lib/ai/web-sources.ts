/**
 * The pages a web-research answer is based on, read from the provider's answer as it came over
 * the wire. Pure: the SDKs are imported for their types only.
 *
 * OpenAI (Responses API, `web_search` tool):
 *   output[] → { type: "message", content: [{ type: "output_text", text, annotations: [
 *     { type: "url_citation", url, title, start_index, end_index } ] }] }
 *   output[] → { type: "web_search_call", id, status, action: { type: "search", query,
 *     sources?: [{ type: "url", url }] } }   (sources only with include: ["web_search_call.action.sources"])
 *
 * Anthropic (Messages API, `web_search_20250305` server tool):
 *   content[] → { type: "text", text, citations: [{ type: "web_search_result_location", url, title,
 *     encrypted_index, cited_text }] | null }
 *   content[] → { type: "web_search_tool_result", tool_use_id, content: [{ type: "web_search_result",
 *     url, title, encrypted_content, page_age }] | { type: "web_search_tool_result_error", error_code } }
 */
import type Anthropic from "@anthropic-ai/sdk";
import type OpenAI from "openai";
import type { WebSource } from "./generation-types";

/** At most this many sources are kept per generation. */
export const MAX_WEB_SOURCES = 20;

/** Anything with the Responses API's `output` list (an OpenAI.Responses.Response fits). */
export interface OpenAIResponseLike {
  output?: readonly unknown[] | null;
}

/** Anything with the Messages API's `content` list (an Anthropic.Message fits). */
export interface AnthropicMessageLike {
  content?: readonly unknown[] | null;
}

type Candidate = { url?: unknown; title?: unknown };
type UrlCitation = Pick<OpenAI.Responses.ResponseOutputText.URLCitation, "type" | "url" | "title">;
type SearchSource = OpenAI.Responses.ResponseFunctionWebSearch.Search.Source;
type ResultLocation = Pick<Anthropic.CitationsWebSearchResultLocation, "type" | "url" | "title">;
type SearchResult = Pick<Anthropic.WebSearchResultBlock, "type" | "url" | "title">;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

function httpUrl(raw: unknown): URL | null {
  if (typeof raw !== "string") return null;
  try {
    const url = new URL(raw.trim());
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

/** Keeps http(s) URLs only, the first of each URL, at most MAX_WEB_SOURCES; the title falls back to the hostname. */
function collect(candidates: Iterable<Candidate>): WebSource[] {
  const out: WebSource[] = [];
  const seen = new Set<string>();
  for (const candidate of candidates) {
    if (out.length >= MAX_WEB_SOURCES) break;
    const url = httpUrl(candidate.url);
    if (!url || seen.has(url.href)) continue;
    seen.add(url.href);
    const title = typeof candidate.title === "string" ? candidate.title.replace(/\s+/g, " ").trim() : "";
    out.push({ url: (candidate.url as string).trim(), title: title || url.hostname });
  }
  return out;
}

function* openAICitations(data: OpenAIResponseLike): Generator<UrlCitation> {
  for (const item of listOf(data.output)) {
    if (!isRecord(item) || item.type !== "message") continue;
    for (const part of listOf(item.content)) {
      if (!isRecord(part) || part.type !== "output_text") continue;
      for (const note of listOf(part.annotations)) {
        if (isRecord(note) && note.type === "url_citation") yield note as unknown as UrlCitation;
      }
    }
  }
}

function* openAISearchResults(data: OpenAIResponseLike): Generator<SearchSource> {
  for (const item of listOf(data.output)) {
    if (!isRecord(item) || item.type !== "web_search_call" || !isRecord(item.action)) continue;
    if (item.action.type !== "search") continue;
    for (const source of listOf(item.action.sources)) {
      if (isRecord(source) && source.type === "url") yield source as unknown as SearchSource;
    }
  }
}

/**
 * The sources of an OpenAI Responses API answer: its `url_citation` annotations; when it cites
 * none, the results of its `web_search_call`s (titled by hostname: the API sends URLs only).
 */
export function sourcesFromOpenAIResponse(data: OpenAIResponseLike | null | undefined): WebSource[] {
  if (!data) return [];
  const cited = collect(openAICitations(data));
  return cited.length > 0 ? cited : collect(openAISearchResults(data));
}

function* anthropicCitations(
  messages: readonly (AnthropicMessageLike | null | undefined)[],
): Generator<ResultLocation> {
  for (const message of messages) {
    for (const block of listOf(message?.content)) {
      if (!isRecord(block) || block.type !== "text") continue;
      for (const citation of listOf(block.citations)) {
        if (isRecord(citation) && citation.type === "web_search_result_location")
          yield citation as unknown as ResultLocation;
      }
    }
  }
}

function* anthropicSearchResults(
  messages: readonly (AnthropicMessageLike | null | undefined)[],
): Generator<SearchResult> {
  for (const message of messages) {
    for (const block of listOf(message?.content)) {
      // An error result ({ type: "web_search_tool_result_error", error_code }) is an object, not a list.
      if (!isRecord(block) || block.type !== "web_search_tool_result") continue;
      for (const result of listOf(block.content)) {
        if (isRecord(result) && result.type === "web_search_result") yield result as unknown as SearchResult;
      }
    }
  }
}

/**
 * The sources of one or more Anthropic Messages answers (the research turn and a follow-up):
 * the `web_search_result_location` citations of their text blocks; when they cite none, the
 * results of their `web_search_tool_result` blocks.
 */
export function sourcesFromAnthropicMessages(
  messages: readonly (AnthropicMessageLike | null | undefined)[],
): WebSource[] {
  const cited = collect(anthropicCitations(messages));
  return cited.length > 0 ? cited : collect(anthropicSearchResults(messages));
}
