import type { Metadata } from "next";
import { GeneratorView } from "@/components/generator/generator-view";
import { requirePageUser } from "@/lib/auth/guards";
import { getUserAiConfig } from "@/lib/services/ai-config/ai-config";

export const metadata: Metadata = { title: "Email Generator" };

export default async function EmailGeneratorPage({ searchParams }: { searchParams: Promise<{ csvId?: string; template?: string }> }) {
  const { user } = await requirePageUser();
  const [{ csvId }, config] = await Promise.all([searchParams, getUserAiConfig(user.id)]);
  const active = config.connections.find((c) => c.isActive);
  return <GeneratorView connectionLabel={active ? `${active.provider} > ${active.name}` : null} initialCsvId={csvId ?? null} />;
}
