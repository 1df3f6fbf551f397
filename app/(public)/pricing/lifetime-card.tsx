"use client";

import { useState } from "react";
import { FormAlert } from "@/components/auth/form-alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { LIFETIME, lifetimePrice } from "@/lib/billing/pricing";
import { api, ApiError, messageOf } from "@/lib/client/api";
import { FeatureList } from "./feature-list";

export function LifetimeCard() {
  const [code, setCode] = useState("");
  const [discount, setDiscount] = useState(0);
  const [applied, setApplied] = useState("");
  const [promoError, setPromoError] = useState("");
  const [validating, setValidating] = useState(false);
  const [processing, setProcessing] = useState(false);
  const [checkoutError, setCheckoutError] = useState("");

  async function apply() {
    setValidating(true);
    setPromoError("");
    try {
      const res = await api<{ code: string; discountPercentage: number }>("/api/pricing/validate-promo", { body: { code }, allow401: true });
      setDiscount(res.discountPercentage);
      setApplied(res.code);
    } catch (err) {
      setDiscount(0);
      setApplied("");
      setPromoError(err instanceof ApiError ? messageOf(err, "Invalid promo code") : "Invalid promo code");
    } finally {
      setValidating(false);
    }
  }

  async function upgrade() {
    setProcessing(true);
    setCheckoutError("");
    try {
      const { url } = await api<{ url: string }>("/api/pricing/checkout", { body: { planId: "lifetime", ...(discount > 0 ? { promoCode: applied } : {}) }, allow401: true });
      window.location.assign(url);
    } catch (err) {
      setCheckoutError(messageOf(err, "Failed to start checkout process"));
      setProcessing(false);
    }
  }

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
            ${lifetimePrice(discount).toFixed(2)}
          </span>
          <span className="text-lg text-muted-foreground line-through">${LIFETIME.listPrice}</span>
          <span className="text-sm text-muted-foreground">one-time</span>
        </p>
      </CardHeader>
      <CardContent className="flex-1 space-y-5">
        <FeatureList items={["Unlimited email generation", "Use your own API keys", "All AI models", "All integrations", "Lifetime updates"]} />
        <div className="space-y-1.5">
          <Label htmlFor="promo-code">Promo code</Label>
          <div className="flex gap-2">
            <Input id="promo-code" value={code} autoCapitalize="characters" placeholder="LAUNCH20" onChange={(e) => setCode(e.target.value.toUpperCase())} onKeyDown={(e) => e.key === "Enter" && code.trim() && void apply()} />
            <Button type="button" variant="outline" onClick={apply} disabled={!code.trim() || validating}>
              {validating ? "Validating..." : "Apply"}
            </Button>
          </div>
          {discount > 0 ? <p className="text-sm font-medium text-success">{discount}% additional discount applied!</p> : null}
          {promoError ? <p className="text-sm font-medium text-destructive" role="alert">{promoError}</p> : null}
        </div>
        {checkoutError ? <FormAlert kind="error">{checkoutError}</FormAlert> : null}
      </CardContent>
      <CardFooter>
        <Button className="w-full" size="lg" onClick={upgrade} disabled={processing}>
          {processing ? "Processing..." : "Upgrade Now"}
        </Button>
      </CardFooter>
    </Card>
  );
}
