// @ts-check
import http from "node:http";

const INSTALLED = Symbol.for("coldmail.peerAddress.installed");

/**
 * Makes the connection's own address the right-most X-Forwarded-For entry of every request.
 *
 * Why: App Router route handlers never see the socket, and `next start` (next 16.4,
 * server/base-server.js) only sets `x-forwarded-for` from `socket.remoteAddress` when the client
 * did NOT send one (`req.headers['x-forwarded-for'] ??= …`): a client-sent header reaches the app
 * unchanged, so any entry of it could be chosen by the client. After this hook the list always
 * ends with the address that actually connected, like a reverse proxy would append it, and
 * `clientIp()` (lib/http/client-address.ts) counts TRUSTED_PROXY_HOPS from the right.
 *
 * Plain JavaScript so that `npm start` can preload it (`node --import`) before Next creates its
 * server; instrumentation.ts installs it too (idempotent) for servers started another way.
 */
export function appendPeerAddress(/** @type {http.IncomingMessage} */ req) {
  const peer = req.socket?.remoteAddress || "unknown";
  const sent = req.headers["x-forwarded-for"];
  const list = (Array.isArray(sent) ? sent.join(", ") : (sent ?? "")).trim();
  req.headers["x-forwarded-for"] = list ? `${list}, ${peer}` : peer;
}

export function installPeerAddress() {
  const proto = /** @type {any} */ (http.Server.prototype);
  if (proto[INSTALLED]) return;
  const emit = proto.emit;
  proto.emit = function (/** @type {string | symbol} */ event, /** @type {unknown[]} */ ...args) {
    if (event === "request") appendPeerAddress(/** @type {http.IncomingMessage} */ (args[0]));
    return emit.call(this, event, ...args);
  };
  proto[INSTALLED] = true;
}

export function isPeerAddressInstalled() {
  return Boolean(/** @type {any} */ (http.Server.prototype)[INSTALLED]);
}
