import { notFound as notFoundError } from "@/lib/errors";
import { handle } from "@/lib/http/handlers";

/** Unknown API paths answer JSON `{ msg, code: "not_found" }`, not the HTML 404 page. */
const notFound = handle(async () => {
  throw notFoundError("Not found");
});

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
