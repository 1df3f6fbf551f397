import Link from "next/link";
import { Wand2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";

export function GeneratorCard({ modelLabel, connectionLabel }: { modelLabel: string; connectionLabel: string | null }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Wand2 className="size-5 text-primary" aria-hidden />
          Email Generator
        </CardTitle>
        <CardDescription>Import a CSV and write a personalised email for every prospect.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-2 text-sm">
        <div className="flex justify-between gap-2">
          <span className="text-muted-foreground">Current model</span>
          <span className="text-right font-medium" data-testid="current-model">{modelLabel}</span>
        </div>
        <div className="flex justify-between gap-2">
          <span className="text-muted-foreground">Active connection</span>
          <span className="text-right font-medium" data-testid="active-connection">{connectionLabel ?? "No connection configured"}</span>
        </div>
      </CardContent>
      <CardFooter className="mt-auto">
        <Button asChild className="w-full">
          <Link href="/email-generator">Get Started</Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
