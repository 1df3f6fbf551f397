import { withAdmin } from "@/lib/http/handlers";
import { adminDashboard } from "@/lib/services/admin/stats";

export const GET = withAdmin(async () => adminDashboard());
