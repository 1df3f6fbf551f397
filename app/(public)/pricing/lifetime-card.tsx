"use client";

import { useWatch } from "react-hook-form";
import { failureMessage } from "@/components/auth/failure-message";
import { FormAlert } from "@/components/auth/form-alert";
import { upperCased } from "@/components/auth/upper-case";
import { useZodForm } from "@/components/forms/use-zod-form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { LIFETIME, lifetimePrice } from "@/lib/billing/pricing";
import { formatMoney } from "@/lib/client/format";
import { useCheckout, useValidatePromo } from "@/lib/client/queries/billing";
import { validatePromoSchema } from "@/lib/services/billing/schemas";
import { FeatureList } from "./feature-list";

export function LifetimeCard() {
  const promo = useZodForm(validatePromoSchema, { defaultValues: { code: "" } });
  const code = useWatch({ control: promo.control, name: "code" });
  const validation = useValidatePromo();
  const checkout = useCheckout();

  // The discount is the last answer of validate-promo; a failed or pending one applies none.
  const applied = validation.isSuccess ? validation.data : null;
  const discount = applied?.discountPercentage ?? 0;

  const apply = promo.handleSubmit(
    ({ code }) =>
      validation.mutate(code, {
        onError: (err) => promo.setServerError(failureMessage(err, "Invalid promo code")),
      }),
    () => validation.reset(),
  );

  const upgrade = () =>
    checkout.mutate(discount > 0 && applied ? applied.code : null, {
      onSuccess: ({ url }) => window.location.assign(url),
    });
  const processing = checkout.isPending || checkout.isSuccess;

  return (
    <Card className="relative border-2 border-primary shadow-lg">
      <Badge className="absolute -top-3 left-1/2 -translate-x-1/2">Best Value</Badge>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2 text-xl">
          Lifetime Deal <Badge variant="success">{LIFETIME.badge}</Badge>
          {discount > 0 ? <Badge variant="warning">+{discount}% EXTRA</Badge> : null}
        </CardTitle>
        <CardDescription>Limited time launch offer!</CardDescription>
        <p className="flex items-baseline gap-2 pt-2">
          <span className="text-4xl font-bold" data-testid="lifetime-price">
            {formatMoney(lifetimePrice(discount), "en-US")}
          </span>
          <span className="text-lg text-muted-foreground line-through">${LIFETIME.listPrice}</span>
          <span className="text-sm text-muted-foreground">one-time</span>
        </p>
      </CardHeader>
      <CardContent className="flex-1 space-y-5">
        <FeatureList
          items={[
            "Unlimited email generation",
            "Use your own API keys",
            "All AI models",
            "All integrations",
            "Lifetime updates",
          ]}
        />
        <form className="space-y-1.5" onSubmit={apply} noValidate>
          <Label htmlFor="promo-code">Promo code</Label>
          <div className="flex gap-2">
            <Input
              id="promo-code"
              autoCapitalize="characters"
              placeholder="LAUNCH20"
              {...upperCased(promo.register("code"))}
              {...promo.field("code")}
            />
            {/* Spec §5: Apply is disabled while the code is empty (Enter then does nothing either). */}
            <Button type="submit" variant="outline" disabled={!code.trim() || validation.isPending}>
              {validation.isPending ? "Validating..." : "Apply"}
            </Button>
          </div>
          {discount > 0 ? (
            <p className="text-sm font-medium text-success">{discount}% additional discount applied!</p>
          ) : null}
          {promo.formError ? (
            <p className="text-sm font-medium text-destructive" role="alert" id={promo.errorId}>
              {promo.formError}
            </p>
          ) : null}
        </form>
        {checkout.isError ? (
          <FormAlert kind="error">{failureMessage(checkout.error, "Failed to start checkout process")}</FormAlert>
        ) : null}
      </CardContent>
      <CardFooter>
        <Button className="w-full" size="lg" onClick={upgrade} disabled={processing}>
          {processing ? "Processing..." : "Upgrade Now"}
        </Button>
      </CardFooter>
    </Card>
  );
}
