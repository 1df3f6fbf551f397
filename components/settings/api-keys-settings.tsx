"use client";

import { useState } from "react";
import { CreateApiKeyForm } from "@/components/settings/create-api-key-form";
import { ApiKeyList } from "@/components/settings/api-key-list";
import { NewApiKeyDialog } from "@/components/settings/new-api-key-dialog";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { CreatedApiKeyJson } from "@/lib/responses/system";

/** Settings › API keys: create (the key is shown once), list, revoke. */
export function ApiKeysSettings() {
  // The one moment the full key exists in the browser: kept until the dialog closes, never cached.
  const [created, setCreated] = useState<CreatedApiKeyJson | null>(null);
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">API Keys</h1>
        <p className="mt-1 text-muted-foreground">
          Keys let your own programs call the ColdMail AI API as you. Send a key as the <code>x-auth-token</code> header
          or as <code>Authorization: Bearer &lt;key&gt;</code>. Keys cannot create or revoke other keys.
        </p>
      </header>
      <Card>
        <CardHeader>
          <CardTitle>Create a key</CardTitle>
          <CardDescription>Give it a name that says where it is used.</CardDescription>
        </CardHeader>
        <CardContent>
          <CreateApiKeyForm onCreated={setCreated} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Your keys</CardTitle>
          <CardDescription>Revoked keys stop working immediately.</CardDescription>
        </CardHeader>
        <CardContent>
          <ApiKeyList />
        </CardContent>
      </Card>
      <NewApiKeyDialog created={created} onClose={() => setCreated(null)} />
    </div>
  );
}
