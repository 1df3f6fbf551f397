import "server-only";
import { cache } from "react";
import { headers } from "next/headers";
import { getUserFromHeaders } from "./session";

/** The signed-in user for server components and actions (once per render). */
export const getCurrentUser = cache(async () => getUserFromHeaders(await headers()));
