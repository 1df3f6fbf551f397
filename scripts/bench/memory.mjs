// The server's memory as the kernel counts it: VmRSS (resident now) and VmHWM (the lifetime peak of the
// resident set) from /proc/<pid>/status, read once or sampled through a run in named phases.
import { readFileSync } from "node:fs";

/** VmRSS and VmHWM in kB, or null when the process is gone. */
export function readStatus(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (key) => Number(text.match(new RegExp(`^${key}:\\s+(\\d+) kB`, "m"))?.[1] ?? 0);
    return { rss: kb("VmRSS"), hwm: kb("VmHWM") };
  } catch {
    return null;
  }
}

/**
 * Samples VmRSS every `intervalMs`. `phase(name)` starts a new phase and returns it: RSS at its start, its
 * sampled peak, VmHWM at its last sample (so a peak between two samples shows), the number of samples.
 * `stop()` answers the phases, the peak over every sample, and the status at the end.
 */
export function memorySampler(pid, intervalMs = 100) {
  const phases = [];
  let current = null;
  let peak = 0;
  const sample = () => {
    const s = readStatus(pid);
    if (!s) return;
    peak = Math.max(peak, s.rss);
    if (current) {
      current.peak = Math.max(current.peak, s.rss);
      current.hwm = s.hwm;
      current.samples += 1;
    }
  };
  const timer = setInterval(sample, intervalMs);
  timer.unref();
  return {
    phase(name) {
      sample();
      const status = readStatus(pid);
      const start = status?.rss ?? 0;
      current = { name, start, peak: start, hwm: status?.hwm ?? 0, samples: 0 };
      phases.push(current);
      return current;
    },
    stop() {
      sample();
      clearInterval(timer);
      return { phases, peak, final: readStatus(pid) };
    },
  };
}
