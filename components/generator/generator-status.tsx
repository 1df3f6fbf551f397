import { FormAlert } from "@/components/auth/form-alert";
import { Progress } from "@/components/ui/progress";
import { Spinner } from "@/components/ui/spinner";
import type { ImportProgress } from "./csv-import";

/** The screen's errors, one alert each, then the import's notice (renamed headers, encoding, skipped rows). */
export function GeneratorAlerts({ errors, notice }: { errors: string[]; notice: string }) {
  return (
    <>
      {errors.map((text) => (
        <FormAlert key={text} kind="error">
          {text}
        </FormAlert>
      ))}
      {notice ? <FormAlert kind="success">{notice}</FormAlert> : null}
    </>
  );
}

/** A file being imported or read: what is happening, with the import's progress bar when it has one. */
export function FileLoading({ loading }: { loading: NonNullable<ImportProgress> }) {
  return (
    <div className="space-y-2 rounded-lg border bg-card p-4" role="status">
      <div className="flex items-center gap-2 text-sm">
        <Spinner className="text-primary" /> {loading.text}
      </div>
      {"progress" in loading && loading.progress !== undefined ? (
        <Progress value={loading.progress} aria-label="Import progress" />
      ) : null}
    </div>
  );
}
