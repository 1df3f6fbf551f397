import type { Metadata } from "next";
import { HelpCenter } from "@/components/help/help-center";

export const metadata: Metadata = { title: "Help Center" };

export default function HelpPage() {
  return <HelpCenter />;
}
