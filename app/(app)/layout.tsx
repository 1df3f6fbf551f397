import { SessionProvider } from "@/components/auth/session-provider";
import { TopBar } from "@/components/shell/top-bar";
import { Toaster } from "@/components/ui/sonner";
import { requirePageUser } from "@/lib/auth/guards";

export default async function SignedInLayout({ children }: { children: React.ReactNode }) {
  const { json } = await requirePageUser();
  return (
    <SessionProvider initialUser={json}>
      <TopBar />
      <main className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 sm:py-8">{children}</main>
      <Toaster />
    </SessionProvider>
  );
}
