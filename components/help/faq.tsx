import { ChevronDown } from "lucide-react";

const FAQ: { q: string; a: string }[] = [
  {
    q: "How do I set up my API keys?",
    a: "Open your dashboard and use the API Keys card: click Manage Connections, then add a connection with a name, the provider and your key. The first key you add becomes the active one; you can switch, check or delete keys there at any time.",
  },
  {
    q: "Which AI providers are supported?",
    a: "OpenAI (GPT-4o, GPT-4o mini, GPT-4.1, GPT-5 and newer models) and Anthropic (Claude Sonnet, Opus and Haiku). You bring your own key, so you pay the provider directly at their prices.",
  },
  {
    q: "Are my API keys safe?",
    a: "Yes. Keys are encrypted at rest (AES-256-GCM), only ever shown masked (the first and last four characters), used only to call the provider on your behalf, and never shared with anyone.",
  },
  {
    q: "How do I save a template?",
    a: 'In the Email Generator, open Configure AI, set the model, prompt, JSON schema and options, type a name under "New template name" and press Save Template. Load it later from Saved Templates in the same dialog, or from the Email Templates card on your dashboard.',
  },
  {
    q: "What is the difference between Content Creation and Web Research?",
    a: "Content Creation writes each email from the columns of your CSV only. Web Research first lets the model search the web for the prospect's company and website, so the email can mention something specific and current: slower, but more personal.",
  },
  {
    q: "How do I upgrade my plan?",
    a: "Go to the Pricing page and choose the Lifetime Deal: pay once ($149, promo codes accepted) for unlimited emails. You receive a license key, which you can also activate on another account from the Activate License page.",
  },
  {
    q: "Is there a money-back guarantee?",
    a: "Yes: a 30-day money-back guarantee. If the product is not right for you, open a support ticket within 30 days of your purchase and we will refund you in full.",
  },
];

/** The 7 fixed questions, each expandable (native details/summary: keyboard accessible). */
export function Faq() {
  return (
    <div className="divide-y rounded-xl border bg-card" data-testid="faq">
      {FAQ.map((item) => (
        <details key={item.q} className="group p-4 [&_summary::-webkit-details-marker]:hidden">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-3 font-medium">
            {item.q}
            <ChevronDown
              className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
              aria-hidden
            />
          </summary>
          <p className="mt-3 text-sm leading-relaxed text-muted-foreground">{item.a}</p>
        </details>
      ))}
    </div>
  );
}
