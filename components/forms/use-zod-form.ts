"use client";

import { useId, useState } from "react";
import {
  useForm,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormProps,
} from "react-hook-form";
import type { z } from "zod";

/** zod or zod/mini (the auth screens): both are zod core schemas. */
type AnySchema = z.core.$ZodType<FieldValues, FieldValues>;

export interface ZodFormOptions<S extends AnySchema> extends Omit<
  UseFormProps<z.input<S>, unknown, z.output<S>>,
  "resolver"
> {
  /**
   * The spec's order of the form's messages, first wins (e.g. "Please fill in all fields" before
   * "Please enter a valid email address" whatever field each belongs to). Messages not listed
   * come after, in field order.
   */
  messageOrder?: readonly string[];
}

const SERVER = "root.server" as const;

/** A schema, or a loader of it (a screen whose first paint should not carry zod: the sign-in page). */
export type SchemaSource<S extends AnySchema> = S | (() => Promise<S>);

/**
 * The zod resolver, loaded with the schema on the first validation (a submit): zod and the resolver
 * are not part of a form's first paint; later validations reuse them.
 */
function lazyZodResolver<S extends AnySchema>(source: SchemaSource<S>): Resolver<z.input<S>, unknown, z.output<S>> {
  let ready: Promise<Resolver<z.input<S>, unknown, z.output<S>>> | undefined;
  return (values, context, options) => {
    ready ??= Promise.all([
      import("@hookform/resolvers/zod"),
      typeof source === "function" ? (source as () => Promise<S>)() : Promise.resolve(source),
    ]).then(([{ zodResolver }, schema]) => zodResolver(schema as never) as never);
    return ready.then((resolve) => resolve(values, context, options));
  };
}

/** Collects `[field, message]` pairs in the order the fields were registered / appear. */
function flatten(errors: FieldErrors, prefix = ""): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [key, value] of Object.entries(errors)) {
    if (!value || key === "root") continue;
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value.message === "string" && value.message) out.push([name, value.message]);
    else if (typeof value === "object") out.push(...flatten(value as FieldErrors, name));
  }
  return out;
}

/**
 * react-hook-form over the same zod schema the server parses (the domain's `schemas.ts`), given as
 * it is or as a loader (`() => import(…).then((m) => m.schema)`) for a screen that should not load
 * zod before its first submit.
 * The screen shows one form-level message — the first failing rule in the product's order, or the
 * server's answer set with `setServerError` — and each failing field only gets
 * `aria-invalid` / `aria-describedby` pointing at that message (`field(name)`).
 */
export function useZodForm<S extends AnySchema>(
  schema: SchemaSource<S>,
  { messageOrder = [], ...options }: ZodFormOptions<S> = {},
) {
  const [resolver] = useState(() => lazyZodResolver(schema));
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver,
    mode: "onSubmit",
    reValidateMode: "onSubmit",
    shouldFocusError: true,
    ...options,
  });
  const errorId = useId();
  const errors = form.formState.errors;
  const fieldErrors = flatten(errors);
  const rank = (message: string) => {
    const index = messageOrder.indexOf(message);
    return index === -1 ? messageOrder.length : index;
  };
  const first = [...fieldErrors].sort((a, b) => rank(a[1]) - rank(b[1]))[0];
  const serverError = (errors.root as Record<string, { message?: string }> | undefined)?.server?.message;
  const formError = first?.[1] ?? serverError ?? "";
  const invalid = new Set(fieldErrors.map(([name]) => name));
  const field = (name: Path<z.input<S>>) => {
    const bad = invalid.has(name);
    return { "aria-invalid": bad || undefined, "aria-describedby": bad ? errorId : undefined } as const;
  };

  return {
    ...form,
    /** id of the element that shows `formError` (give it to <FormAlert id>). */
    errorId,
    /** The one message the form shows, or "" when there is none. */
    formError,
    /** Accessibility props for a field: invalid fields point at the form-level message. */
    field,
    /** What an input spreads: its registration and its accessibility props. */
    bind(name: Path<z.input<S>>) {
      return { ...form.register(name), ...field(name) };
    },
    /** Shows a server (or other non-field) failure as the form-level message. */
    setServerError(message: string) {
      form.setError(SERVER as never, { type: "server", message });
    },
    clearServerError() {
      form.clearErrors(SERVER as never);
    },
  };
}
