import { withAdmin } from "@/lib/http/handlers";
import { getUserDetail } from "@/lib/services/admin/users";

export const GET = withAdmin<{ id: string }>(async ({ params }) => getUserDetail(params.id));
