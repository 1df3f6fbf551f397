/**
 * Dates, money and numbers in the user's locale (the browser's; `undefined` lets Intl pick it).
 * Server-rendered text that must match the client's first render passes an explicit locale.
 */
type Locale = string | undefined;

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function numberFormat(locale: Locale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n|${locale ?? ""}|${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.NumberFormat | undefined;
  if (!format) cache.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

function dateFormat(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d|${locale ?? ""}|${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) cache.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

/** 12,345 */
export function formatNumber(value: number, locale?: Locale): string {
  return numberFormat(locale, { maximumFractionDigits: 2 }).format(value);
}

/** $149.00 — amounts in USD units (never cents). Sub-cent amounts keep up to 4 decimals. */
export function formatMoney(value: number, locale?: Locale, currency = "USD"): string {
  const small = value !== 0 && Math.abs(value) < 0.01;
  return numberFormat(locale, {
    style: "currency",
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: small ? 4 : 2,
  }).format(value);
}

/** Nov 24, 2026 */
export function formatDate(value: Date | string | number, locale?: Locale): string {
  return dateFormat(locale, { year: "numeric", month: "short", day: "numeric" }).format(toDate(value));
}

/** Nov 24, 2026, 3:04 PM */
export function formatDateTime(value: Date | string | number, locale?: Locale): string {
  return dateFormat(locale, {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  }).format(toDate(value));
}

/** The spec's numeric date M/D/YYYY (en-US) unless a locale is given. */
export function formatShortDate(value: Date | string | number, locale: Locale = "en-US"): string {
  return dateFormat(locale, { year: "numeric", month: "numeric", day: "numeric" }).format(toDate(value));
}
