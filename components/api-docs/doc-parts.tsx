/** The building blocks the API reference's sections share: a titled section with its anchor, and a table. */

/** A top-level section of the reference page: its `h2` links to itself (`#id`). */
export function DocSection({
  id,
  title,
  spacing = "space-y-3",
  children,
}: {
  id: string;
  title: string;
  spacing?: "space-y-3" | "space-y-4";
  children: React.ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={`scroll-mt-24 ${spacing}`}>
      <h2 id={`${id}-title`} className="text-2xl font-semibold">
        <a href={`#${id}`} className="hover:underline">
          {title}
        </a>
      </h2>
      {children}
    </section>
  );
}

/**
 * A reference table: a caption for screen readers, one header row, the rows given. `compact`: the smaller
 * table inside an operation (tighter rows, smaller corners).
 */
export function DocTable({
  caption,
  headers,
  compact = false,
  children,
}: {
  caption: string;
  headers: string[];
  compact?: boolean;
  children: React.ReactNode;
}) {
  return (
    <div className={`overflow-x-auto border ${compact ? "rounded-md" : "rounded-lg"}`}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted/50 text-xs text-muted-foreground">
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col" className={`px-3 font-medium ${compact ? "py-1.5" : "py-2"}`}>
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
