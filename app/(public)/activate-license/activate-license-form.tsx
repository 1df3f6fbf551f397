"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { FormAlert } from "@/components/auth/form-alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { LICENSE_INPUT_PATTERN } from "@/lib/billing/pricing";
import { api, messageOf } from "@/lib/client/api";

const REDIRECT_MS = 2000;

export function ActivateLicenseForm({ signedIn }: { signedIn: boolean }) {
  const router = useRouter();
  const [key, setKey] = useState("");
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ kind: "error" | "success"; text: string } | null>(null);

  useEffect(() => {
    if (result?.kind !== "success") return;
    const timer = setTimeout(() => {
      router.replace("/dashboard");
      router.refresh();
    }, REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [result, router]);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const value = key.trim();
    if (!value) return setResult({ kind: "error", text: "Please enter a license key" });
    if (!LICENSE_INPUT_PATTERN.test(value)) return setResult({ kind: "error", text: "License keys look like XXXXX-XXXXX-XXXXX-XXXXX-XXXXX" });
    if (!signedIn) return setResult({ kind: "error", text: "Please sign in to activate the license on your account." });
    setBusy(true);
    setResult(null);
    try {
      const res = await api<{ valid: boolean; activated?: boolean; msg?: string }>("/api/pricing/verify-license", { body: { licenseKey: value } });
      if (res.valid && res.activated) setResult({ kind: "success", text: "License key activated successfully!" });
      else setResult({ kind: "error", text: res.msg ?? "Invalid license key" });
    } catch (err) {
      setResult({ kind: "error", text: messageOf(err, "Failed to activate license key") });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card className="mx-auto max-w-lg">
      <CardHeader>
        <CardTitle className="text-2xl">Activate your license</CardTitle>
        <CardDescription>Enter the license key you received after your purchase to unlock lifetime access on this account.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="space-y-4" noValidate>
          {result ? <FormAlert kind={result.kind}>{result.text}</FormAlert> : null}
          {!signedIn ? (
            <p className="text-sm text-muted-foreground">
              You need to be signed in. <Link href="/login" className="text-primary underline-offset-4 hover:underline">Sign in</Link> first, then come back here.
            </p>
          ) : null}
          <div className="space-y-1.5">
            <Label htmlFor="license-key">License key</Label>
            <Input id="license-key" className="font-mono uppercase" placeholder="XXXXX-XXXXX-XXXXX-XXXXX-XXXXX" maxLength={29} value={key} onChange={(e) => setKey(e.target.value.toUpperCase())} />
          </div>
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? "Activating..." : "Activate License"}
          </Button>
          <p className="text-center text-sm">
            <Link href="/pricing" className="text-primary underline-offset-4 hover:underline">
              Don&apos;t have a license key? Purchase one
            </Link>
          </p>
        </form>
      </CardContent>
    </Card>
  );
}
