import "server-only";
import type Anthropic from "@anthropic-ai/sdk";
import { anthropicClient } from "./clients";
import { ANTHROPIC_TOOL, anthropicCachedTurn, anthropicContentParams, anthropicWriteTool } from "./chat-request";
import { classifyProviderError } from "./errors";
import { parseRateLimitHeaders } from "./rate-limit-headers";
import { ANTHROPIC_MAX_TOKENS, temperatureParam } from "./request-quirks";
import type { GenerationOutput, GenerationRequest, RateLimitInfo } from "./generation-types";
import { sumUsage, usageFromAnthropic } from "./provider-usage";
import { RESEARCH_INSTRUCTIONS, SYSTEM_PROMPT } from "./structured-output";
import { sourcesFromAnthropicMessages } from "./web-sources";

const TOOL = ANTHROPIC_TOOL;

function rateLimitOf(headers: Headers): RateLimitInfo {
  const parsed = parseRateLimitHeaders(headers);
  return { ...parsed, remaining: parsed.requests?.remaining, resetMs: parsed.requests?.resetMs };
}

function toolInput(message: Anthropic.Message): Record<string, unknown> | null {
  const block = message.content.find((b) => b.type === "tool_use" && b.name === TOOL);
  return block && block.type === "tool_use" && block.input && typeof block.input === "object"
    ? (block.input as Record<string, unknown>)
    : null;
}

function textOf(message: Anthropic.Message): string {
  return message.content.map((b) => (b.type === "text" ? b.text : "")).join("");
}

/**
 * Anthropic: a forced tool whose input_schema is the user's schema. For web research the
 * server-side web_search tool is offered first; if the model stops without calling our tool,
 * one follow-up turn forces it. Research answers carry the pages the turns cite (else the search results).
 */
export async function generateWithAnthropic(req: GenerationRequest): Promise<GenerationOutput> {
  const client = await anthropicClient(req.apiKey, { timeoutMs: req.timeoutMs ?? 60_000, maxRetries: 0 });
  const writeTool = anthropicWriteTool(req.schema);
  const research = req.useCase === "web_research";
  const turn = anthropicCachedTurn(research ? `${SYSTEM_PROMPT}\n${RESEARCH_INSTRUCTIONS}` : SYSTEM_PROMPT, req.prompt);
  const system = turn.system;
  const messages: Anthropic.MessageParam[] = [{ role: "user", content: turn.content }];
  try {
    let { data: message, response } = await client.messages
      .create(
        research
          ? {
              model: req.model,
              max_tokens: req.maxOutputTokens ?? ANTHROPIC_MAX_TOKENS,
              ...temperatureParam(req.model),
              system,
              messages,
              tools: [{ type: "web_search_20250305", name: "web_search", max_uses: 3 }, writeTool],
              tool_choice: { type: "any" },
            }
          : anthropicContentParams(req),
        { signal: req.signal },
      )
      .withResponse();
    const turns = [message];
    let usage = usageFromAnthropic(message.usage);
    if (research && !toolInput(message)) {
      await req.beforeFollowUpCall?.(rateLimitOf(response.headers));
      messages.push(
        { role: "assistant", content: message.content },
        { role: "user", content: `Now call ${TOOL} with the finished email.` },
      );
      ({ data: message, response } = await client.messages
        .create(
          {
            model: req.model,
            max_tokens: req.maxOutputTokens ?? ANTHROPIC_MAX_TOKENS,
            ...temperatureParam(req.model),
            system,
            messages,
            tools: [writeTool],
            tool_choice: { type: "tool", name: TOOL },
          },
          { signal: req.signal },
        )
        .withResponse());
      turns.push(message);
      // Both turns are billed.
      usage = sumUsage(usage, usageFromAnthropic(message.usage));
    }
    const output = toolInput(message);
    return {
      output,
      rawText: output ? JSON.stringify(output) : textOf(message),
      rateLimit: rateLimitOf(response.headers),
      usage,
      ...(research ? { sources: sourcesFromAnthropicMessages(turns) } : {}),
    };
  } catch (error) {
    throw classifyProviderError(error, "Anthropic", req.model);
  }
}
