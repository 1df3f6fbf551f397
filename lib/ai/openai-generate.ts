import "server-only";
import { openaiClient } from "./clients";
import { classifyProviderError } from "./errors";
import type { GenerationOutput, GenerationRequest, RateLimitInfo } from "./generation-types";
import { parseRateLimitHeaders } from "./rate-limit-headers";
import { usageFromOpenAIChat, usageFromOpenAIResponses } from "./provider-usage";
import { outputCapOf, temperatureParam } from "./request-quirks";
import { openAiChatBody, openAiInstructions } from "./chat-request";
import { sourcesFromOpenAIResponse } from "./web-sources";
import { extractJsonObject, isStrictCompatible, RESEARCH_INSTRUCTIONS } from "./structured-output";

function rateLimitOf(headers: Headers): RateLimitInfo {
  const parsed = parseRateLimitHeaders(headers);
  return { ...parsed, remaining: parsed.requests?.remaining, resetMs: parsed.requests?.resetMs };
}

/**
 * OpenAI: content creation through Chat Completions with a JSON-schema response format (strict
 * when the schema allows it, else JSON mode); web research through the Responses API with the
 * web_search tool and the same structured format, returning the pages it cites (else the search
 * results, which `include` asks for). Both name their output cap.
 */
export async function generateWithOpenAI(req: GenerationRequest): Promise<GenerationOutput> {
  const client = await openaiClient(req.apiKey, { timeoutMs: req.timeoutMs ?? 60_000, maxRetries: 0 });
  const strict = isStrictCompatible(req.schema);
  const instructions = openAiInstructions(req.schema);
  try {
    if (req.useCase === "web_research") {
      const { data, response } = await client.responses
        .create(
          {
            model: req.model,
            ...temperatureParam(req.model),
            // Named on every call (as Chat Completions' max_tokens): OpenAI then counts it against the key's
            // tokens per minute at admission, so a call's cost is known when it starts (the pacer reserves it).
            max_output_tokens: outputCapOf("OpenAI", req.model, req.maxOutputTokens),
            instructions: `${instructions}\n${RESEARCH_INSTRUCTIONS}`,
            input: req.prompt,
            tools: [{ type: "web_search" }],
            include: ["web_search_call.action.sources"],
            text: {
              format: strict
                ? { type: "json_schema", name: "email", schema: req.schema, strict: true }
                : { type: "json_object" },
            },
          },
          { signal: req.signal },
        )
        .withResponse();
      const rawText = data.output_text ?? "";
      return {
        output: extractJsonObject(rawText),
        rawText,
        rateLimit: rateLimitOf(response.headers),
        usage: usageFromOpenAIResponses(data.usage),
        sources: sourcesFromOpenAIResponse(data),
      };
    }
    const { data, response } = await client.chat.completions
      .create(openAiChatBody(req), { signal: req.signal })
      .withResponse();
    const rawText = data.choices[0]?.message?.content ?? "";
    return {
      output: extractJsonObject(rawText),
      rawText,
      rateLimit: rateLimitOf(response.headers),
      usage: usageFromOpenAIChat(data.usage),
    };
  } catch (error) {
    throw classifyProviderError(error, "OpenAI", req.model);
  }
}
