// The browser side of the benches: a headless Chromium, the session cookies of an API sign-in, and the
// JavaScript a page loads.

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Headless Chromium (CHROMIUM_PATH, default /usr/bin/chromium) without its background traffic. */
export function launchChromium(chromium) {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--no-sandbox",
      "--headless",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-quic",
      "--no-first-run",
    ],
  });
}

/** The Set-Cookie lines of an answer as Playwright cookies for `origin`. */
export function sessionCookies(setCookies, origin) {
  return setCookies.map((line) => {
    const [pair] = line.split(";");
    const eq = pair.indexOf("=");
    return {
      name: pair.slice(0, eq).trim(),
      value: pair.slice(eq + 1).trim(),
      url: origin,
      httpOnly: true,
      secure: false,
      sameSite: "Lax",
    };
  });
}

/** Adds one script response's sizes to `result`: encoded (transfer) size, before the load event or not, decoded. */
async function countScript(result, encodings, { response, afterLoad }) {
  if (response.status() < 200 || response.status() >= 300) return;
  const sizes = await response
    .request()
    .sizes()
    .catch(() => null);
  const headerLength = Number(response.headers()["content-length"] ?? NaN);
  const encoded = sizes?.responseBodySize ?? (Number.isFinite(headerLength) ? headerLength : 0);
  const body = await response.body().catch(() => null);
  const encoding = response.headers()["content-encoding"] ?? "identity";
  encodings.set(encoding, (encodings.get(encoding) ?? 0) + 1);
  result.files += 1;
  result.encoded += encoded;
  if (!afterLoad) result.encodedByLoad += encoded;
  result.decoded += body?.length ?? 0;
}

/**
 * Opens `pathname` in a fresh context (with `cookies`) until networkidle (60 s at most); sums the sizes of
 * every script response. Answers the final path, the document's status, whether networkidle came, the files,
 * and the encoded, encoded-by-load and decoded bytes with the content-encodings seen.
 */
export async function pageWeight(browser, pathname, cookies, origin) {
  const context = await browser.newContext({ baseURL: origin, viewport: { width: 1280, height: 800 } });
  try {
    if (cookies.length) await context.addCookies(cookies);
    const page = await context.newPage();
    const scripts = [];
    let loaded = false;
    page.on("response", (response) => {
      const type = response.request().resourceType();
      const contentType = response.headers()["content-type"] ?? "";
      if (type === "script" || /javascript/.test(contentType)) scripts.push({ response, afterLoad: loaded });
    });
    const document = await page.goto(pathname, { waitUntil: "load", timeout: 180_000 });
    loaded = true;
    let idle = true;
    await page.waitForLoadState("networkidle", { timeout: 60_000 }).catch(() => (idle = false));
    const finalPath = new URL(page.url()).pathname;
    const status = document?.status() ?? 0;
    const result = { path: pathname, finalPath, status, idle, files: 0, encoded: 0, encodedByLoad: 0, decoded: 0 };
    const encodings = new Map();
    for (const script of scripts) await countScript(result, encodings, script);
    result.encodings = [...encodings].map(([e, n]) => `${e} x${n}`).join(", ") || "none";
    return result;
  } finally {
    await context.close().catch(() => undefined);
  }
}
