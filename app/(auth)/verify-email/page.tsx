import type { Metadata } from "next";
import { VerifyEmailView } from "./[token]/verify-email-view";

export const metadata: Metadata = { title: "Verify e-mail" };

/** /verify-email without a token. */
export default function VerifyEmailWithoutTokenPage() {
  return <VerifyEmailView token="" />;
}
