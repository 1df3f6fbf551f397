/**
 * Runs once when the server starts: checks the configuration (a deployment missing a
 * required setting stops here, naming the variable) and applies database migrations.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // The connection's address becomes the right-most X-Forwarded-For entry (per-IP limits);
  // `npm start` preloads this already, a server started another way gets it here.
  const { installPeerAddress } = await import("./lib/http/peer-address.mjs");
  installPeerAddress();
  // The build's .br / .gz scripts and styles for /_next/static (lib/http/precompressed-static.mjs); idempotent too.
  if (process.env.NODE_ENV === "production") {
    const { installPrecompressedStatic } = await import("./lib/http/precompressed-static.mjs");
    installPrecompressedStatic();
  }
  const { startServerRuntime } = await import("./lib/server-runtime");
  await startServerRuntime();
}
