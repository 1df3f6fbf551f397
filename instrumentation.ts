/**
 * Runs once when the server starts: checks the configuration (a deployment missing a
 * required setting stops here, naming the variable) and applies database migrations.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startServerRuntime } = await import("./lib/server-runtime");
  await startServerRuntime();
}
