import type { OpenApiDocument } from "@/lib/openapi/types";
import { DocSection, DocTable } from "./doc-parts";
import { InlineMarkdown } from "./inline-markdown";

function Code({ children, label }: { children: string; label: string }) {
  return (
    <pre
      aria-label={label}
      tabIndex={0}
      className="overflow-x-auto rounded-md border bg-muted/50 p-3 font-mono text-xs leading-relaxed text-foreground"
    >
      <code>{children}</code>
    </pre>
  );
}

const NODE_LEGACY = `import { createHmac, timingSafeEqual } from "node:crypto";

// rawBody: the request body exactly as received (a string or Buffer), before any JSON parsing.
function hasValidSignature(rawBody, header, secret) {
  const expected = "sha256=" + createHmac("sha256", Buffer.from(secret, "utf8")).update(rawBody).digest("hex");
  return typeof header === "string" && header.length === expected.length &&
    timingSafeEqual(Buffer.from(header), Buffer.from(expected));
}

hasValidSignature(rawBody, req.headers["x-webhook-signature"], process.env.WEBHOOK_SECRET);`;

const NODE_STANDARD = `import { Webhook } from "standardwebhooks"; // npm install standardwebhooks

// A secret of the form "whsec_<base64>":
const payload = new Webhook(process.env.WEBHOOK_SECRET).verify(rawBody, req.headers);

// Any other secret is used as its UTF-8 bytes:
const raw = new Webhook(new TextEncoder().encode(process.env.WEBHOOK_SECRET), { format: "raw" });
const payload2 = raw.verify(rawBody, req.headers);
// verify() throws WebhookVerificationError on a bad signature or a timestamp older than 5 minutes.`;

const BY_HAND = `import { createHmac, timingSafeEqual } from "node:crypto";

function verifyStandardWebhook(rawBody, headers, secret) {
  const id = headers["webhook-id"], timestamp = headers["webhook-timestamp"];
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false; // replayed or late
  const key = secret.startsWith("whsec_") ? Buffer.from(secret.slice(6), "base64") : Buffer.from(secret, "utf8");
  const expected = createHmac("sha256", key).update(\`\${id}.\${timestamp}.\${rawBody}\`).digest("base64");
  // The header may list several space-separated signatures ("v1,<base64> v1,<base64>").
  return String(headers["webhook-signature"]).split(" ").some((entry) => {
    const [version, signature] = entry.split(",");
    return version === "v1" && signature.length === expected.length &&
      timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
  });
}
// Then remember webhook-id for a few minutes and drop a message whose id you have already seen.`;

/** How a receiver checks the signatures of the Make / Zapier webhook requests (anchor: #webhook-signatures). */
export function WebhookSignatures({ doc }: { doc: OpenApiDocument }) {
  const headers = doc.webhooks.rowsExported?.post?.parameters ?? [];
  return (
    <DocSection id="webhook-signatures" title="Webhook signatures" spacing="space-y-4">
      <p className="text-sm text-muted-foreground">
        Rows you send to Make or Zapier, and the test calls, are <code className="font-mono">POST</code> requests with a
        JSON body <code className="font-mono">{`{ "event", "sentAt", "data": [rows...] }`}</code>. When you save a{" "}
        <strong className="text-foreground">Webhook Secret</strong>, every request carries two signatures of the raw
        body: check either one. Both use HMAC-SHA256; compare in constant time and always over the bytes you received,
        before parsing the JSON.
      </p>

      <DocTable caption="Headers of outbound webhook requests" headers={["Header", "Meaning"]}>
        {headers.map((h) => (
          <tr key={h.name} className="border-t align-top">
            <th scope="row" className="px-3 py-2 font-mono text-xs font-semibold whitespace-nowrap">
              {h.name}
            </th>
            <td className="px-3 py-2 text-muted-foreground">
              <InlineMarkdown text={h.description ?? ""} />
            </td>
          </tr>
        ))}
      </DocTable>

      <h3 className="text-lg font-semibold">1. X-Webhook-Signature</h3>
      <p className="text-sm text-muted-foreground">
        <code className="font-mono">sha256=</code> followed by the hex HMAC-SHA256 of the raw body, keyed with the
        secret&apos;s UTF-8 bytes — the whole secret as you typed it, including any{" "}
        <code className="font-mono">whsec_</code> prefix.
      </p>
      <Code label="Checking X-Webhook-Signature in Node.js">{NODE_LEGACY}</Code>

      <h3 className="text-lg font-semibold">2. Standard Webhooks (replay protection)</h3>
      <p className="text-sm text-muted-foreground">
        The{" "}
        <a className="text-primary underline underline-offset-2" href="https://www.standardwebhooks.com/">
          Standard Webhooks
        </a>{" "}
        headers let a receiver refuse old or repeated requests: <code className="font-mono">webhook-signature</code> is{" "}
        <code className="font-mono">v1,</code> followed by the base64 HMAC-SHA256 of{" "}
        <code className="font-mono">{"{webhook-id}.{webhook-timestamp}.{raw body}"}</code>. The key is the
        base64-decoded part after <code className="font-mono">whsec_</code> when the secret starts with{" "}
        <code className="font-mono">whsec_</code> (secrets in that form work with every Standard Webhooks library as
        is), otherwise the secret&apos;s UTF-8 bytes. Refuse a timestamp more than 5 minutes away from your clock, and a{" "}
        <code className="font-mono">webhook-id</code> you have already accepted: retries of one request keep their id
        (it is <code className="font-mono">msg_</code> + <code className="font-mono">x-idempotency-key</code>) and are
        signed again with a new timestamp.
      </p>
      <Code label="Verifying with the standardwebhooks library">{NODE_STANDARD}</Code>
      <Code label="Verifying Standard Webhooks by hand in Node.js">{BY_HAND}</Code>
      <p className="text-sm text-muted-foreground">
        To make a <code className="font-mono">whsec_</code> secret:{" "}
        <code className="font-mono">{`"whsec_" + crypto.randomBytes(32).toString("base64")`}</code>.
      </p>
    </DocSection>
  );
}
