import { json } from "@/lib/http/respond";

/** Unknown API paths answer JSON, not the HTML 404 page. */
function notFound(): Response {
  return json({ msg: "Not found" }, 404);
}

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
