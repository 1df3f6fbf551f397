/** Plans and prices. Money in USD units in the API, cents at the payment provider. */
export const LIFETIME = { id: "lifetime", price: 149, listPrice: 329, badge: "55% OFF" } as const;
export const MONTHLY = { price: 29, emailsPerMonth: 3000 } as const;

/** 149 × (1 − d/100), two decimals. */
export function lifetimePrice(discountPercentage = 0): number {
  const d = Math.min(100, Math.max(0, discountPercentage));
  return Math.round(LIFETIME.price * (100 - d)) / 100;
}

export function lifetimePriceCents(discountPercentage = 0): number {
  return Math.round(lifetimePrice(discountPercentage) * 100);
}

/** Licence keys: five groups of five characters, without look-alikes (no 0/O, 1/I/L). */
export const LICENSE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const LICENSE_KEY_PATTERN = /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{5}(-[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{5}){4}$/;
/** What the activation field accepts before asking the server: 5×5 letters/digits with dashes. */
export const LICENSE_INPUT_PATTERN = /^[A-Z0-9]{5}(-[A-Z0-9]{5}){4}$/;

export function normalizeLicenseKey(input: string): string {
  return input.trim().toUpperCase();
}

export function normalizePromoCode(input: string): string {
  return input.trim().toUpperCase();
}
