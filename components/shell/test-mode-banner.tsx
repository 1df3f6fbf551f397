const TEST_MODE_BANNER = "Test mode: e-mails go to the outbox, payments are simulated";

/** A thin bar on every page of a deployment running the test drivers (ALLOW_TEST_DRIVERS=1). */
export function TestModeBanner() {
  return (
    <div
      role="note"
      data-test-mode-banner
      className="bg-warning px-3 py-0.5 text-center text-xs font-medium text-warning-foreground"
    >
      {TEST_MODE_BANNER}
    </div>
  );
}
