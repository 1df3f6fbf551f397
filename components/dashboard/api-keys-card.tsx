"use client";

import { useState } from "react";
import { KeyRound } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { useConnections } from "@/lib/client/queries/ai";
import { ManageConnectionsDialog } from "./manage-connections-dialog";
import type { ConnectionJson } from "@/lib/responses/ai";

/** API Keys card: the connections (read with the page, then kept by the query) and the Manage Connections dialog. */
export function ApiKeysCard({ initialConnections }: { initialConnections: ConnectionJson[] }) {
  const [open, setOpen] = useState(false);
  const { data: connections = initialConnections } = useConnections(initialConnections);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound className="size-5 text-primary" aria-hidden />
          API Keys
        </CardTitle>
        <CardDescription>Your own OpenAI and Anthropic keys.</CardDescription>
      </CardHeader>
      <CardContent>
        {connections.length === 0 ? (
          <p className="text-sm text-muted-foreground">No API keys yet. Add one to start generating.</p>
        ) : (
          <ul className="space-y-2" data-testid="connection-list">
            {connections.map((c) => (
              <li key={c._id} className="flex items-center gap-2 text-sm">
                <Badge variant="outline">{c.provider}</Badge>
                <span className="truncate font-medium">{c.name}</span>
                {c.isActive ? (
                  <Badge variant="success" className="ml-auto">
                    Active
                  </Badge>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <CardFooter className="mt-auto">
        <Button variant="outline" className="w-full" onClick={() => setOpen(true)}>
          Manage Connections
        </Button>
      </CardFooter>
      <ManageConnectionsDialog open={open} onOpenChange={setOpen} />
    </Card>
  );
}
