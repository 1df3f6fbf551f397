/** `{{Column}}` and `{{Column|fallback}}` in prompts. */
const VARIABLE = /\{\{\s*([^{}|]+?)\s*(?:\|([^{}]*))?\}\}/g;

export interface PromptVariable {
  name: string;
  fallback: string | undefined;
}

export function promptVariables(prompt: string): PromptVariable[] {
  const seen = new Map<string, PromptVariable>();
  for (const match of prompt.matchAll(VARIABLE)) {
    const name = match[1]!;
    if (!seen.has(name) || (match[2] !== undefined && seen.get(name)!.fallback === undefined)) {
      seen.set(name, { name, fallback: match[2] });
    }
  }
  return [...seen.values()];
}

/** Exact column name, else a case- and space-insensitive match. */
export function resolveColumn(name: string, columns: string[]): string | undefined {
  if (columns.includes(name)) return name;
  const key = name.trim().toLowerCase();
  return columns.find((c) => c.trim().toLowerCase() === key);
}

/** Variables the CSV lacks (and that have no fallback to stand in for them). */
export function missingVariables(prompt: string, columns: string[]): string[] {
  return promptVariables(prompt)
    .filter((v) => v.fallback === undefined && !resolveColumn(v.name, columns))
    .map((v) => v.name);
}

/**
 * `thin_input`: the variables a prompt uses without a fallback (in any of their uses) that are empty in a
 * row (blank or only spaces), named as the row's column (else as the prompt writes them), each once.
 * Built once per prompt: it runs on every row of a run.
 */
export function emptyVariablesCheck(prompt: string): (row: Record<string, string>) => string[] {
  const names = [...new Set([...prompt.matchAll(VARIABLE)].filter((m) => m[2] === undefined).map((m) => m[1]!))];
  if (names.length === 0) return () => [];
  return (row) => {
    const columns = Object.keys(row);
    const empty = new Set<string>();
    for (const name of names) {
      const column = resolveColumn(name, columns);
      if (!(column ? (row[column] ?? "").trim() : "")) empty.add(column ?? name);
    }
    return [...empty];
  };
}

/** Replaces every variable with the row's value, or its fallback when the value is empty. */
export function fillPrompt(prompt: string, row: Record<string, string>): string {
  const columns = Object.keys(row);
  return prompt.replace(VARIABLE, (_all, name: string, fallback: string | undefined) => {
    const column = resolveColumn(name, columns);
    const value = column ? (row[column] ?? "").trim() : "";
    return value || (fallback ?? "").trim();
  });
}

/** "Only Run If": `!{{Column}}` keeps rows where that column is empty; any other text means no filter. */
export function onlyRunIfFilter(condition: string): ((row: Record<string, string>) => boolean) | null {
  const match = /^\s*!\s*\{\{\s*([^{}|]+?)\s*\}\}\s*$/.exec(condition ?? "");
  if (!match) return null;
  const name = match[1]!;
  return (row) => {
    const column = resolveColumn(name, Object.keys(row));
    return !column || !(row[column] ?? "").trim();
  };
}
