import type { Metadata } from "next";
import { VerifyEmailView } from "./verify-email-view";

export const metadata: Metadata = { title: "Verify e-mail" };

export default async function VerifyEmailPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return <VerifyEmailView token={decodeURIComponent(token)} />;
}
