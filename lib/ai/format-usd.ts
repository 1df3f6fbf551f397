/**
 * A USD amount for people: cents from one cent up ("$0.83", "$1,234.50"), and enough digits to
 * be nonzero below a cent ("$0.0042"); "$0.00" for nothing.
 */
export function formatUsd(amount: number): string {
  if (!Number.isFinite(amount) || amount === 0) return "$0.00";
  const abs = Math.abs(amount);
  const digits = abs >= 0.01 ? 2 : Math.min(8, 1 - Math.floor(Math.log10(abs)));
  const text = abs.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: digits });
  return `${amount < 0 ? "-" : ""}$${text}`;
}
