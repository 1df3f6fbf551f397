/** Ids of our own tables are UUIDs; anything else cannot exist (answered as 404 by callers). */
export function isUuid(id: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
}

/** Row ids are positive integers written in digits; null for anything else (which cannot exist). */
export function rowIdOrNull(value: unknown): number | null {
  if (typeof value !== "string" || !/^[0-9]{1,16}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
