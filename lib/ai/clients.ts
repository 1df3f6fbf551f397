import "server-only";
import type Anthropic from "@anthropic-ai/sdk";
import type OpenAI from "openai";
import { env } from "@/lib/env";

export interface ClientOptions {
  timeoutMs?: number;
  /** SDK-level retries; the batch worker does its own, so it passes 0. */
  maxRetries?: number;
}

/**
 * The providers' SDKs are loaded on first use, not with the worker at start-up: an idle server (or
 * one whose users only use one provider) does not hold them in memory.
 */
export async function openaiClient(apiKey: string, options: ClientOptions = {}): Promise<OpenAI> {
  const { default: OpenAI } = await import("openai");
  return new OpenAI({
    apiKey,
    baseURL: env().openaiBaseUrl ?? undefined,
    timeout: options.timeoutMs ?? 60_000,
    maxRetries: options.maxRetries ?? 1,
  });
}

export async function anthropicClient(apiKey: string, options: ClientOptions = {}): Promise<Anthropic> {
  const { default: Anthropic } = await import("@anthropic-ai/sdk");
  return new Anthropic({
    apiKey,
    baseURL: env().anthropicBaseUrl ?? undefined,
    timeout: options.timeoutMs ?? 60_000,
    maxRetries: options.maxRetries ?? 1,
  });
}
