import type { Metadata } from "next";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { MONTHLY } from "@/lib/billing/pricing";
import { FeatureList } from "./feature-list";
import { LifetimeCard } from "./lifetime-card";

export const metadata: Metadata = { title: "Pricing" };

export default function PricingPage() {
  return (
    <div className="space-y-10">
      <header className="mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Simple, honest pricing</h1>
        <p className="mt-3 text-muted-foreground">
          Bring your own OpenAI or Anthropic key. Pay once, generate forever.
        </p>
      </header>
      <div className="grid items-stretch gap-6 lg:grid-cols-3">
        <Card>
          <CardHeader>
            <CardTitle className="text-xl">Free Trial</CardTitle>
            <CardDescription>Try every feature.</CardDescription>
            <p className="pt-2">
              <span className="text-4xl font-bold">$0</span> <span className="text-muted-foreground">per 3 days</span>
            </p>
          </CardHeader>
          <CardContent className="flex-1">
            <FeatureList
              items={["100 email credits per day", "All AI models", "Use your own API keys", "3-day access only"]}
            />
          </CardContent>
          <CardFooter>
            <Button variant="outline" className="w-full" disabled>
              Current Plan
            </Button>
          </CardFooter>
        </Card>
        <LifetimeCard />
        <Card className="border-dashed">
          <CardHeader>
            <CardTitle className="flex items-center gap-2 text-xl">
              Monthly Subscription <Badge variant="secondary">Coming Soon</Badge>
            </CardTitle>
            <CardDescription className="font-semibold tracking-wide text-warning-strong">
              NOT AVAILABLE YET
            </CardDescription>
            <p className="pt-2">
              <span className="text-4xl font-bold">${MONTHLY.price}</span>
              <span className="text-muted-foreground">/month</span>
            </p>
          </CardHeader>
          <CardContent className="flex-1">
            <FeatureList
              items={[
                `${MONTHLY.emailsPerMonth} emails per month`,
                "Use your own API keys",
                "All AI models",
                "All integrations",
                "Regular updates",
              ]}
            />
          </CardContent>
          <CardFooter>
            <Button className="w-full" disabled>
              Coming Soon
            </Button>
          </CardFooter>
        </Card>
      </div>
      <p className="text-center text-sm text-muted-foreground">
        30-day money-back guarantee. Prices in USD.{" "}
        <Link href="/activate-license" className="text-primary underline underline-offset-4">
          Already have a license key? Activate it
        </Link>
      </p>
    </div>
  );
}
