import type { z } from "zod";

const documentation = new WeakMap<z.ZodType, z.ZodType>();

/**
 * Marks a schema whose parsing is hand-written (e.g. a one-pass reader behind `z.unknown().transform`) with the
 * schema that documents it: the OpenAPI document shows `doc` in its place.
 */
export function documentedAs<T extends z.ZodType>(schema: T, doc: z.ZodType): T {
  documentation.set(schema, doc);
  return schema;
}

export function documentationOf(schema: z.ZodType): z.ZodType | undefined {
  return documentation.get(schema);
}

const storable = new WeakSet<z.core.$ZodType>();

/**
 * Marks a schema whose every output string is already storable (cleaned or refused as it was read), so
 * `parseValue` skips its last-line-of-defence walk over the parsed value (a 100,000-row import is 1.2 M strings).
 */
export function yieldsStorableText<T extends z.ZodType>(schema: T): T {
  storable.add(schema);
  return schema;
}

export function isStorableBySchema(schema: z.core.$ZodType): boolean {
  return storable.has(schema);
}
