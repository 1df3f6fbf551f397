// Load on one endpoint through autocannon: `connections` keep-alive connections, each sending its next GET as
// soon as its previous answer is in, for an unmeasured warm-up and then the measured window.
import autocannon from "autocannon";

/** Non-2xx answers by status, then socket errors and timeouts, as counted by autocannon. */
function errorsOf(result) {
  const errors = new Map();
  for (const [status, { count }] of Object.entries(result.statusCodeStats ?? {}))
    if (!/^2\d\d$/.test(status)) errors.set(status, count);
  if (result.timeouts) errors.set("timeout", result.timeouts);
  if (result.errors - result.timeouts > 0) errors.set("error", result.errors - result.timeouts);
  return errors;
}

/**
 * GET `url` under load for `warmupS` unmeasured seconds, then `durationS` measured ones. Only 2xx answers
 * count: req/s is their number over the measured window; p50 and p99 (ms) are their latencies (autocannon
 * records whole milliseconds). Any other status, a socket error or a timeout is an error, counted in
 * `errors` by status or kind.
 */
export async function loadTest(url, { connections, durationS, warmupS, headers = {} }) {
  const result = await autocannon({
    url,
    connections,
    duration: durationS,
    headers,
    ...(warmupS > 0 ? { warmup: { connections, duration: warmupS } } : {}),
  });
  const errors = errorsOf(result);
  const ok = result["2xx"];
  return {
    ok,
    reqPerSec: ok / (result.duration || durationS),
    p50: ok ? result.latency.p50 : NaN,
    p99: ok ? result.latency.p99 : NaN,
    errors,
    errorCount: [...errors.values()].reduce((a, b) => a + b, 0),
  };
}
