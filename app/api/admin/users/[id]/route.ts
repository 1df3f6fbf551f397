import { withAdmin } from "@/lib/http/handlers";
import { parseSegment } from "@/lib/http/parse";
import { getUserDetail } from "@/lib/services/admin/users";

export const GET = withAdmin<{ id: string }>(async ({ params }) =>
  getUserDetail(parseSegment(params.id, "User not found")),
);
