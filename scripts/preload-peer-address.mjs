// Preloaded by scripts/start.mjs (`node --import`) before `next start` creates its server: every
// request's X-Forwarded-For then ends with the connection's own address (see lib/http/peer-address.mjs).
import { installPeerAddress } from "../lib/http/peer-address.mjs";

installPeerAddress();
