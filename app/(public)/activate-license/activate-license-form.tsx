"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { failureMessage } from "@/components/auth/failure-message";
import { FormAlert } from "@/components/auth/form-alert";
import { upperCased } from "@/components/auth/upper-case";
import { useZodForm } from "@/components/forms/use-zod-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useActivateLicense } from "@/lib/client/queries/billing";
import { activateLicenseFormSchema } from "@/lib/services/billing/schemas";

const REDIRECT_MS = 2000;
const ACTIVATED = "License key activated successfully!";

export function ActivateLicenseForm({ signedIn }: { signedIn: boolean }) {
  const router = useRouter();
  const form = useZodForm(activateLicenseFormSchema, { defaultValues: { licenseKey: "" } });
  const activation = useActivateLicense();
  const activated = activation.data?.valid === true && activation.data.activated === true;

  // Spec: to /dashboard 2 seconds after the success message (a timer, not a fetch).
  useEffect(() => {
    if (!activated) return;
    const timer = setTimeout(() => {
      router.replace("/dashboard");
      router.refresh();
    }, REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [activated, router]);

  const onSubmit = form.handleSubmit(
    ({ licenseKey }) => {
      activation.reset();
      // The key is bound to the signed-in account: without one there is nothing to activate it on.
      if (!signedIn) return form.setServerError("Please sign in to activate the license on your account.");
      activation.mutate(licenseKey, {
        onSuccess: (res) => {
          if (!(res.valid && res.activated)) form.setServerError(res.msg ?? "Invalid license key");
        },
        onError: (err) => form.setServerError(failureMessage(err, "Failed to activate license key")),
      });
    },
    () => activation.reset(),
  );

  const busy = activation.isPending || activated;

  return (
    <Card className="mx-auto max-w-lg">
      <CardHeader>
        <CardTitle className="text-2xl">Activate your license</CardTitle>
        <CardDescription>
          Enter the license key you received after your purchase to unlock lifetime access on this account.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} className="space-y-4" noValidate>
          {activated ? (
            <FormAlert kind="success">{ACTIVATED}</FormAlert>
          ) : form.formError ? (
            <FormAlert kind="error" id={form.errorId}>
              {form.formError}
            </FormAlert>
          ) : null}
          {!signedIn ? (
            <p className="text-sm text-muted-foreground">
              You need to be signed in.{" "}
              <Link href="/login" className="text-primary underline underline-offset-4">
                Sign in
              </Link>{" "}
              first, then come back here.
            </p>
          ) : null}
          <div className="space-y-1.5">
            <Label htmlFor="license-key">License key</Label>
            <Input
              id="license-key"
              className="font-mono uppercase"
              placeholder="XXXXX-XXXXX-XXXXX-XXXXX-XXXXX"
              maxLength={29}
              {...upperCased(form.register("licenseKey"))}
              {...form.field("licenseKey")}
            />
          </div>
          <Button type="submit" className="w-full" disabled={busy}>
            {activation.isPending ? "Activating..." : "Activate License"}
          </Button>
          <p className="text-center text-sm">
            <Link href="/pricing" className="text-primary underline underline-offset-4">
              Don&apos;t have a license key? Purchase one
            </Link>
          </p>
        </form>
      </CardContent>
    </Card>
  );
}
