import "server-only";
import { randomInt } from "node:crypto";
import { LICENSE_ALPHABET } from "@/lib/billing/pricing";

/** XXXXX-XXXXX-XXXXX-XXXXX-XXXXX from an alphabet without look-alikes (~124 bits). */
export function generateLicenseKey(): string {
  return Array.from({ length: 5 }, () =>
    Array.from({ length: 5 }, () => LICENSE_ALPHABET[randomInt(LICENSE_ALPHABET.length)]).join(""),
  ).join("-");
}
