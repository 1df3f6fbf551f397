"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import type { TemplateInfo } from "@/lib/client/ai-types";

interface Props {
  templates: TemplateInfo[];
  onLoad: (template: TemplateInfo) => void;
  onSave: (name: string) => Promise<string | null>;
}

/** Saved Templates with Load, and New template name + Save Template. */
export function TemplateControls({ templates, onLoad, onSave }: Props) {
  const [selected, setSelected] = useState("");
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [saved, setSaved] = useState("");

  async function save() {
    setSaved("");
    if (!name.trim()) return setError("Template name is required");
    setError("");
    setBusy(true);
    const problem = await onSave(name.trim());
    setBusy(false);
    if (problem) setError(problem);
    else {
      setSaved(`Template "${name.trim()}" saved.`);
      setName("");
    }
  }

  return (
    <div className="grid gap-4 rounded-lg border bg-muted/30 p-3 sm:grid-cols-2">
      <div className="space-y-1.5">
        <Label htmlFor="saved-templates">Saved Templates</Label>
        <div className="flex gap-2">
          <Select value={selected} onValueChange={setSelected}>
            <SelectTrigger id="saved-templates" className="w-full">
              <SelectValue placeholder={templates.length ? "Choose a template" : "No templates yet"} />
            </SelectTrigger>
            <SelectContent>
              {templates.map((t) => (
                <SelectItem key={t._id} value={t._id}>
                  {t.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <Button type="button" variant="outline" disabled={!selected} onClick={() => { const t = templates.find((x) => x._id === selected); if (t) onLoad(t); }}>
            Load
          </Button>
        </div>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="new-template-name">New template name</Label>
        <div className="flex gap-2">
          <Input id="new-template-name" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} placeholder="e.g. SaaS founders intro" />
          <Button type="button" variant="outline" onClick={save} disabled={busy}>
            {busy ? "Saving..." : "Save Template"}
          </Button>
        </div>
        {error ? <p className="text-xs font-medium text-destructive" role="alert">{error}</p> : null}
        {saved ? <p className="text-xs font-medium text-success">{saved}</p> : null}
      </div>
    </div>
  );
}
