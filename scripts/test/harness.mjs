// What the scripts that drive the built app from outside share (the standalone smoke, the crash test):
// child processes with their logs, waiting for a state, API calls with a user's token, a verified user.
import { spawn } from "node:child_process";
import { createWriteStream, existsSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";

export class HarnessFailure extends Error {}

export function check(condition, message) {
  if (!condition) throw new HarnessFailure(message);
}

/** One statement on its own connection to `connectionString` (an admin database: create, drop). */
export async function sqlOnce(connectionString, sql) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

export const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The last `lines` lines of a log file ("" when there is none). */
export function tail(file, lines = 40) {
  if (!existsSync(file)) return "";
  return readFileSync(file, "utf8").split("\n").slice(-lines).join("\n");
}

/**
 * Child processes (each one's output in `<logDir>/<prefix>-<name>.log`) and the app at `baseUrl`.
 * `launch(name, args, env, cwd)` starts one; `stop(entry)` ends it (SIGTERM, then SIGKILL after 5 s);
 * `kill(entry)` ends it at once with SIGKILL, as a crash would; `stopAll()` ends every one still running.
 */
export function harness({ baseUrl, logDir, prefix }) {
  const children = [];

  function launch(name, args, env, cwd) {
    const log = path.join(logDir, `${prefix}-${name}.log`);
    const out = createWriteStream(log, { flags: "a" });
    const child = spawn(process.execPath, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.pipe(out);
    child.stderr.pipe(out);
    const entry = { name, child, log, exited: null };
    child.on("exit", (code, signal) => (entry.exited = { code, signal }));
    children.push(entry);
    return entry;
  }

  async function end(entry, signal) {
    if (entry.exited) return;
    const gone = new Promise((resolve) => entry.child.once("exit", resolve));
    entry.child.kill(signal);
    const timer = signal === "SIGKILL" ? null : setTimeout(() => entry.child.kill("SIGKILL"), 5_000);
    await gone;
    if (timer) clearTimeout(timer);
  }

  /** Polls `probe` until it returns a value (not undefined) or the time is up; fails when a watched process exits. */
  async function waitFor(what, probe, timeoutMs, watch = []) {
    const deadline = Date.now() + timeoutMs;
    let last;
    while (Date.now() < deadline) {
      for (const entry of watch)
        check(
          !entry.exited,
          `${entry.name} exited (${JSON.stringify(entry.exited)}) while waiting for ${what}; see ${entry.log}`,
        );
      try {
        const value = await probe();
        if (value !== undefined) return value;
      } catch (error) {
        last = error;
      }
      await delay(250);
    }
    throw new HarnessFailure(`timed out waiting for ${what}${last ? ` (last error: ${last.message})` : ""}`);
  }

  /** One API call with the user's token; answers { status, body }. */
  async function api(method, pathname, { token, body } = {}) {
    const headers = { accept: "application/json" };
    if (body !== undefined) headers["content-type"] = "application/json";
    if (token) headers["x-auth-token"] = token;
    const res = await fetch(`${baseUrl}${pathname}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let json;
    try {
      json = JSON.parse(text);
    } catch {
      json = text;
    }
    return { status: res.status, body: json };
  }

  async function expectStatus(expected, method, pathname, options) {
    const res = await api(method, pathname, options);
    check(
      res.status === expected,
      `${method} ${pathname} answered ${res.status} (expected ${expected}): ${JSON.stringify(res.body).slice(0, 300)}`,
    );
    return res.body;
  }

  /** Waits for GET /api/health to answer 200 with ok: true; answers its body. */
  async function healthy(watch, timeoutMs = 120_000) {
    const health = await waitFor(
      "GET /api/health",
      async () => {
        const res = await api("GET", "/api/health");
        return res.status === 200 ? res.body : undefined;
      },
      timeoutMs,
      watch,
    );
    check(health.ok === true, `health: ${JSON.stringify(health)}`);
    return health;
  }

  /** Registers a user and verifies the address through the outbox mailbox; answers the user's token. */
  async function verifiedUser(email, watch) {
    await expectStatus(201, "POST", "/api/auth/register", {
      body: { name: "Harness User", email, password: "Str0ng!Passw0rd" },
    });
    const link = await waitFor(
      "the verification e-mail",
      async () => {
        const mails = await expectStatus(200, "GET", `/api/dev/mailbox?to=${encodeURIComponent(email)}`);
        const text = mails.map((m) => m.text).find((t) => t.includes("/verify-email/"));
        return text?.match(/https?:\/\/\S+\/verify-email\/(\S+)/)?.[1];
      },
      30_000,
      watch,
    );
    const { token } = await expectStatus(200, "GET", `/api/auth/verify-email/${link}`);
    check(typeof token === "string" && token.length > 0, "verify-email answered no token");
    return token;
  }

  return {
    children,
    launch,
    stop: (entry) => end(entry, "SIGTERM"),
    kill: (entry) => end(entry, "SIGKILL"),
    stopAll: async () => {
      for (const entry of [...children].reverse()) await end(entry, "SIGTERM").catch(() => undefined);
    },
    waitFor,
    api,
    expectStatus,
    healthy,
    verifiedUser,
  };
}
