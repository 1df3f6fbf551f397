import { Fragment } from "react";

/** `code` and **bold** inside a line of text. */
function Inline({ text }: { text: string }) {
  const parts = text.split(/(`[^`]+`|\*\*[^*]+\*\*)/g);
  return (
    <>
      {parts.map((part, i) =>
        part.startsWith("`") && part.endsWith("`") && part.length > 1 ? (
          <code key={i} className="rounded bg-muted px-1 py-0.5 font-mono text-[0.85em] text-foreground">
            {part.slice(1, -1)}
          </code>
        ) : part.startsWith("**") && part.endsWith("**") && part.length > 3 ? (
          <strong key={i} className="font-semibold text-foreground">
            {part.slice(2, -2)}
          </strong>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

/** The small Markdown subset the document's descriptions use: paragraphs, `code`, **bold**. */
export function Markdown({ text, className }: { text: string; className?: string }) {
  return (
    <div className={className}>
      {text.split(/\n{2,}/).map((paragraph, i) => (
        <p key={i} className="mt-2 first:mt-0">
          <Inline text={paragraph} />
        </p>
      ))}
    </div>
  );
}

export { Inline as InlineMarkdown };
