import type { IncomingMessage, ServerResponse } from "node:http";

export interface HeaderRule {
  regex: string;
  headers: Array<{ key: string; value: string }>;
  has?: unknown[];
  missing?: unknown[];
}
export const ENCODINGS: ReadonlyArray<{ readonly name: "br" | "gzip"; readonly suffix: ".br" | ".gz" }>;
export function chooseEncoding(
  header: string | string[] | undefined,
  available: ReadonlyArray<string>,
): "br" | "gzip" | null;
export function staticFileOf(staticDir: string, url: string | undefined): string | null;
export function configHeadersFor(rules: HeaderRule[], pathname: string): Record<string, string> | null;
export function createPrecompressedHandler(options: {
  staticDir: string;
  rules?: HeaderRule[];
}): (req: IncomingMessage, res: ServerResponse) => boolean;
export function installPrecompressedStatic(): void;
export function isPrecompressedStaticInstalled(): boolean;
