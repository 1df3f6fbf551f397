import "server-only";
import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { env } from "@/lib/env";

export interface ClientOptions {
  timeoutMs?: number;
  /** SDK-level retries; the batch worker does its own, so it passes 0. */
  maxRetries?: number;
}

export function openaiClient(apiKey: string, options: ClientOptions = {}): OpenAI {
  return new OpenAI({
    apiKey,
    baseURL: env().openaiBaseUrl ?? undefined,
    timeout: options.timeoutMs ?? 60_000,
    maxRetries: options.maxRetries ?? 1,
  });
}

export function anthropicClient(apiKey: string, options: ClientOptions = {}): Anthropic {
  return new Anthropic({
    apiKey,
    baseURL: env().anthropicBaseUrl ?? undefined,
    timeout: options.timeoutMs ?? 60_000,
    maxRetries: options.maxRetries ?? 1,
  });
}
