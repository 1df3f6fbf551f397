import type { IncomingMessage } from "node:http";
export function appendPeerAddress(req: IncomingMessage): void;
export function installPeerAddress(): void;
export function isPeerAddressInstalled(): boolean;
