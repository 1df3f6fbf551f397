/** First 4 and last 4 characters when longer than 8, otherwise dots. */
export function maskSecret(secret: string): string {
  if (secret.length > 8) return `${secret.slice(0, 4)}${"•".repeat(8)}${secret.slice(-4)}`;
  return "•".repeat(8);
}
