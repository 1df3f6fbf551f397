import { expect, test } from "@playwright/test";
import { getAiConfig, newUserWithOpenAi, openGenerator } from "./generation-support";

// gpt-5 shuts down on 2026-12-11 (OpenAI's deprecations page): within 30 days of the registry's pinned date
// (MODEL_REGISTRY_DATE=2026-11-24 in playwright.config.ts), not yet retired, so the configuration can still be saved
// on it and shows the shutdown guard.
test("a config on a model shutting down within 30 days shows the warning; one click switches to the replacement", async ({
  page,
}) => {
  const connection = await newUserWithOpenAi(page);
  const saved = await page.request.put("/api/ai/config", {
    data: { connectionId: connection._id, selectedModel: "gpt-5" },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  await openGenerator(page);
  const warning = page.getByRole("alert").filter({ hasText: "Your AI configuration uses GPT-5 (gpt-5)" });
  await expect(warning).toBeVisible();
  await expect(warning).toContainText("shuts down on 2026-12-11");
  await expect(warning).toContainText("Recommended replacement: GPT-6.1 Sol");

  await page.goto("/dashboard");
  const onDashboard = page.getByRole("alert").filter({ hasText: "Your AI configuration uses GPT-5 (gpt-5)" });
  await expect(onDashboard).toBeVisible();
  await onDashboard.getByRole("button", { name: "Switch to GPT-6.1 Sol" }).click();
  await expect(onDashboard).toHaveCount(0);
  expect((await getAiConfig(page)).aiConfig.selectedModel).toBe("gpt-6.1-sol");
  await expect(page.getByText("GPT-6.1 Sol").first()).toBeVisible();

  await openGenerator(page);
  await expect(page.getByRole("alert").filter({ hasText: "Your AI configuration uses" })).toHaveCount(0);
});
