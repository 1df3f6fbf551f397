import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";

/** WCAG 2.0 and 2.1, levels A and AA. */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
/** The impacts that fail a scan. */
const FAILING = new Set(["serious", "critical"]);

export type Mode = "light" | "dark";
export const MODES: Mode[] = ["light", "dark"];

/**
 * Waits until the enter animations (dialogs zooming in, sheets sliding in) have finished, so axe
 * measures the final colours and not a half-transparent frame. Endless animations (spinners,
 * skeleton pulses) are left alone.
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((a) => a.playState === "running" && a.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
}

/** Relative luminance (WCAG) of the page's body background, whatever CSS colour syntax it computes to. */
export async function bodyLuminance(page: Page): Promise<number> {
  return page.evaluate(() => {
    const css = getComputedStyle(document.body).backgroundColor;
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 1;
    const ctx = canvas.getContext("2d")!;
    ctx.fillStyle = "#fff"; // a transparent body shows the (white) canvas of the browser
    ctx.fillRect(0, 0, 1, 1);
    ctx.fillStyle = css;
    ctx.fillRect(0, 0, 1, 1);
    const [r, g, b] = Array.from(ctx.getImageData(0, 0, 1, 1).data.slice(0, 3)).map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  });
}

/** Screenshots land in A11Y_SCREENSHOTS (a folder) when set, for looking at the themes by eye. */
async function maybeScreenshot(page: Page, label: string, mode: Mode): Promise<void> {
  const dir = process.env.A11Y_SCREENSHOTS;
  if (!dir) return;
  const name = `${mode}-${label
    .replace(/[^a-z0-9]+/gi, "-")
    .replace(/^-|-$/g, "")
    .toLowerCase()}.png`;
  await page.screenshot({ path: `${dir}/${name}`, fullPage: true });
}

/**
 * Runs axe over the page (or only `scope`, e.g. an open dialog) and fails on any serious or
 * critical violation, listing each one's rule, summary and targets. In dark mode it also checks
 * that the theme is really on: the `dark` class on <html> and a body background of relative
 * luminance below 0.2.
 */
export async function expectAccessible(page: Page, label: string, mode: Mode, scope?: Locator): Promise<void> {
  await test.step(`axe: ${label} (${mode})`, async () => {
    if (scope) await expect(scope).toBeVisible();
    await settle(page);
    const html = page.locator("html");
    if (mode === "dark") {
      await expect(html, `${label}: html.dark`).toHaveClass(/(^|\s)dark(\s|$)/);
      const lum = await bodyLuminance(page);
      expect.soft(lum, `${label}: body background luminance in dark mode`).toBeLessThan(0.2);
    } else {
      await expect(html, `${label}: no html.dark in light mode`).not.toHaveClass(/(^|\s)dark(\s|$)/);
    }
    let builder = new AxeBuilder({ page }).withTags(AXE_TAGS);
    if (scope) {
      // Radix dialogs carry role=dialog on their content; scanning only it keeps the report
      // about the dialog (the page under it was scanned on its own).
      const id = await scope.evaluate((el) => {
        if (!el.id) el.id = `a11y-scope-${Math.random().toString(36).slice(2)}`;
        return el.id;
      });
      builder = builder.include(`#${CSS.escape(id)}`);
    }
    const results = await builder.analyze();
    const bad = results.violations.filter((v) => FAILING.has(v.impact ?? ""));
    const report = bad
      .map(
        (v) =>
          `- [${v.impact}] ${v.id}: ${v.help}\n` +
          v.nodes
            .slice(0, 8)
            .map((n) => `    ${n.target.join(" ")}\n      ${n.failureSummary?.replace(/\n/g, "\n      ")}`)
            .join("\n"),
      )
      .join("\n");
    await maybeScreenshot(page, label, mode);
    // Soft: one run reports every screen's violations; the test still fails at its end.
    expect.soft(bad.length, `${label} (${mode}): ${bad.length} serious/critical axe violation(s)\n${report}`).toBe(0);
  });
}

/** CSS.escape for the Node side (ids we make only contain [a-z0-9-], but user ids may not). */
const CSS = { escape: (s: string) => s.replace(/([^a-zA-Z0-9_-])/g, "\\$1") };
