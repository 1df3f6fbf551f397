import { withUser } from "@/lib/http/handlers";
import { keepPreview } from "@/lib/services/preview/keep-preview";

/** "Keep these": writes a preview's results into their rows (no provider call, no credit). */
export const POST = withUser<{ id: string }>(async ({ user, params }) => keepPreview(user.id, params.id));
