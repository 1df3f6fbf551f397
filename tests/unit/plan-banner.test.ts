import { describe, expect, it } from "vitest";
import { bannerBarColor } from "@/components/dashboard/plan-banner";

// Spec section 2 "Dashboard" / section 9: indigo above 50% remaining, yellow above 20%, otherwise red.
describe("bannerBarColor", () => {
  it.each([100, 99.5, 75, 51, 50.01])("is indigo (bg-primary) above 50%% remaining: %s", (percent) => {
    expect(bannerBarColor(percent)).toBe("bg-primary");
  });

  it.each([50, 49, 35, 21, 20.01])("is yellow (bg-warning) above 20%% up to 50%%: %s", (percent) => {
    expect(bannerBarColor(percent)).toBe("bg-warning");
  });

  it.each([20, 19.99, 10, 1, 0])("is red (bg-destructive) at 20%% and below: %s", (percent) => {
    expect(bannerBarColor(percent)).toBe("bg-destructive");
  });

  it("matches the banner's own arithmetic (remaining / daily x 100) at the credit boundaries of a 100-credit day", () => {
    const colour = (remaining: number) => bannerBarColor((remaining / 100) * 100);
    expect(colour(100)).toBe("bg-primary");
    expect(colour(51)).toBe("bg-primary");
    expect(colour(50)).toBe("bg-warning");
    expect(colour(21)).toBe("bg-warning");
    expect(colour(20)).toBe("bg-destructive");
    expect(colour(0)).toBe("bg-destructive");
  });
});
