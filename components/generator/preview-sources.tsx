import { ExternalLink } from "lucide-react";
import { useId } from "react";

/** The http(s) URL in `text`, normalised; null for anything else (javascript:, data:, plain words). */
export function safeHttpUrl(text: string): string | null {
  try {
    const url = new URL(text.trim());
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/** The links of a `Sources` cell (one URL per line); lines that are not http(s) URLs are left out. */
export function sourcesOfCell(cell: string | undefined): string[] {
  if (!cell) return [];
  const urls = cell.split(/\r?\n/).flatMap((line) => {
    const url = safeHttpUrl(line);
    return url ? [url] : [];
  });
  return [...new Set(urls)];
}

/** A "Sources" heading and its links (each opens in a new tab); nothing when no URL is usable. */
export function SourceLinks({ urls, titles }: { urls: string[]; titles?: string[] }) {
  const headingId = useId();
  const links = urls.flatMap((raw, i) => {
    const url = safeHttpUrl(raw);
    return url ? [{ url, title: titles?.[i]?.trim() || url }] : [];
  });
  if (links.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="space-y-1" data-testid="sources">
      <h4 id={headingId} className="text-xs font-semibold">
        Sources
      </h4>
      <ul className="space-y-0.5 text-xs">
        {links.map(({ url, title }) => (
          <li key={url} className="flex min-w-0 items-center gap-1">
            <ExternalLink className="size-3 shrink-0 text-muted-foreground" aria-hidden />
            <a
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              className="truncate text-primary underline-offset-2 hover:underline"
              title={url}
            >
              {title}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
