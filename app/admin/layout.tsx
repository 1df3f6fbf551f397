import { AdminShell } from "@/components/admin/admin-shell";
import { SessionProvider } from "@/components/auth/session-provider";
import { Toaster } from "@/components/ui/sonner";
import { requirePageAdmin } from "@/lib/auth/guards";

export default async function AdminLayout({ children }: { children: React.ReactNode }) {
  const { json } = await requirePageAdmin();
  return (
    <SessionProvider initialUser={json}>
      <AdminShell>{children}</AdminShell>
      <Toaster />
    </SessionProvider>
  );
}
