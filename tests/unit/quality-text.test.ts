import { describe, expect, it } from "vitest";
import { findPlaceholders, findPreamble, findSpamWords } from "@/lib/quality/detectors";
import { countWords, normalizeSentence, openingSentence } from "@/lib/quality/sentences";
import { SPAM_TRIGGER_WORDS } from "@/lib/quality/spam-words";

describe("findPlaceholders", () => {
  it.each([
    ["Hi {{first_name}},", "{{first_name}}"],
    ["Love what {{ Company }} does.", "{{ Company }}"],
    ["Hi [First Name],", "[First Name]"],
    ["Best,\n[Your Name]", "[Your Name]"],
    ["at [company name] today", "[company name]"],
    ["saves [X] hours", "[X]"],
    ["at [Recipient's company]", "[Recipient's company]"],
    ["[Insert a compliment about their latest post here]", "[Insert a compliment about their latest post here]"],
    ["the team at <Company>", "<Company>"],
    ["Dear <First Name>,", "<First Name>"],
    ["Cheers, <your name>", "<your name>"],
    ["As a <Title> you know", "<Title>"],
  ])("finds it in %j", (text, placeholder) => {
    expect(findPlaceholders(text)).toEqual([placeholder]);
  });

  it.each([
    ["a markdown link", "See [our case study](https://example.com/case)."],
    ["a numeric citation", "Retail grew 4% last year [1]."],
    ["HTML tags", '<p>Hello</p><br><BR><b>bold</b><strong>x</strong><a href="https://x.io">link</a><br />'],
    ["an e-mail address and a URL", "Write to <tom@example.com> or <https://example.com>."],
    ["single braces and comparisons", "Use {Company}; 3 < 4 and 5 > 2; <3"],
    ["long bracketed prose", "[this is a long aside that runs on for more than five words]"],
  ])("leaves %s alone", (_label, text) => {
    expect(findPlaceholders(text)).toEqual([]);
  });

  it("lists each once, in order", () => {
    expect(findPlaceholders("[A] {{b}} [A] <Name>")).toEqual(["[A]", "{{b}}", "<Name>"]);
  });
});

describe("findPreamble", () => {
  it.each([
    "Sure, here's your email:",
    "Sure!",
    "Sure",
    "sure here is the email",
    "Sure thing, here is the draft:",
    "Certainly. Here is the email you asked for:",
    "Of course! Below is a draft.",
    "Absolutely!",
    "Here's your email:",
    "Here is a personalized cold email for Anna:",
    "Here’s the revised draft:",
    "**Here is the email**",
    "As an AI language model, I cannot verify this.",
    "I'd be happy to help with that.",
    "I’d be glad to!",
    "I've drafted a short email below.",
    "Below is the email:",
    "Okay, here's a version for Anna.",
  ])("finds meta-talk at the start: %j", (first) => {
    expect(findPreamble(`${first}\n\nHi Anna,\nText.`)).toEqual({ at: "start", line: first });
  });

  it.each([
    "I hope this helps!",
    "Let me know if you'd like any changes.",
    "Let me know if you would like me to adjust the tone.",
    "Let me know if you need any tweaks.",
    "Feel free to adjust the tone as needed.",
    "Feel free to tweak this as needed.",
    "As an AI language model, I have no access to their site.",
    "  - feel free to customize the template",
  ])("finds the meta-talk line %j anywhere", (line) => {
    expect(findPreamble(`Hi Anna,\n\nText.\n${line}\nBest`)).toEqual({ at: "line", line: line.trim() });
  });

  it.each([
    "Hi Anna,",
    "Sure thing, Anna — here is the short version of our pitch.",
    "Certainly worth a look: your Leeds site is growing fast.",
    "Here's a quick idea for Acme's email campaigns.",
    "I'd be happy to show you a demo next week.",
    "As an AI-first company, Acme moves fast.",
    "Surely you have seen the numbers.",
    "Let me know if you'd like a demo.",
    "Feel free to adjust the time if Tuesday doesn't suit you.",
    "I hope this helps your team hit its Q3 targets.",
    "Feel free to change the date as needed.",
  ])("leaves %j alone (start or later line)", (line) => {
    expect(findPreamble(line)).toBeNull();
    expect(findPreamble(`Hi Anna,\n${line}`)).toBeNull();
  });
});

describe("findSpamWords", () => {
  it("finds every entry of the list as written", () => {
    for (const entry of SPAM_TRIGGER_WORDS) {
      expect(entry, entry).toMatch(/^[a-z0-9]/);
      expect(findSpamWords([`Well, ${entry.toUpperCase()}!`]), entry).toEqual([entry]);
    }
  });

  it("matches whole words, hyphen/space and apostrophe variants, longest phrase first", () => {
    expect(findSpamWords(["Risk free, RISK-FREE", "Don’t delete this. Satisfaction   guaranteed"])).toEqual([
      "risk-free",
      "don't delete",
      "satisfaction guaranteed",
    ]);
    expect(findSpamWords(["a winners-only club? unguaranteed, urgently, actnow, feel free, award-winning"])).toEqual(
      [],
    );
    expect(findSpamWords(["act now, urgent, winner, prize, lottery, casino"], 3)).toEqual([
      "act now",
      "urgent",
      "winner",
    ]);
  });
});

describe("countWords", () => {
  it("counts whitespace-separated runs holding a letter or digit", () => {
    expect(countWords("")).toBe(0);
    expect(countWords("  Hi Anna,\n\n— I saw   Acme's 2nd site - nice!  ")).toBe(8);
    expect(countWords("Grüße aus Köln 😀 ok")).toBe(4);
    expect(countWords("𝐁old words")).toBe(2);
  });
});

describe("openingSentence", () => {
  it.each([
    ["Hi Anna,\n\nI noticed Acme opened a new site!  More text.", "i noticed acme opened a new site"],
    ["Hello Mr. Smith, I saw Acme Inc. hired  a new CFO. Congrats.", "i saw acme inc. hired a new cfo"],
    ["Dear team,\nI hope this email finds you well. Your Leeds site looks busy.", "your leeds site looks busy"],
    ["Hey there — Acme’s new app caught my eye...", "acme's new app caught my eye"],
    ["Good morning Anna! Hope you had a great weekend. How are you? Acme is hiring fast.", "acme is hiring fast"],
    ["No greeting here, the first sentence counts. Then more.", "no greeting here, the first sentence counts"],
    ['"Your Leeds site looks busy," a friend told me.', 'your leeds site looks busy," a friend told me'],
  ])("%j → %j", (body, opening) => {
    expect(openingSentence(body)).toBe(opening);
  });

  it.each([["Hi Anna\nQuick question.\nMore"], [""], ["Hi Anna,"], ["..... ..... ..... ..... Text goes here now."]])(
    "%j has none",
    (body) => {
      expect(openingSentence(body)).toBeNull();
    },
  );

  it("normalizeSentence lower-cases, collapses spaces and strips trailing punctuation", () => {
    expect(normalizeSentence("  “I  SAW\tAcme’s site!!” ")).toBe("i saw acme's site");
    expect(normalizeSentence("Done — ")).toBe("done");
  });
});

describe("hostile input", () => {
  it("stays fast on long pathological texts", () => {
    const texts = ["[" + "a ".repeat(25_000), "<" + "a ".repeat(25_000), "{{" + "a".repeat(50_000), ".".repeat(50_000)];
    texts.push("Hello Mr" + ".".repeat(50_000), "act ".repeat(12_000), "Sure" + " ".repeat(50_000) + "x");
    const started = performance.now();
    for (const text of texts) {
      findPlaceholders(text);
      findPreamble(text);
      findSpamWords([text]);
      countWords(text);
      openingSentence(text);
    }
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
