import { describe, expect, it } from "vitest";
import { MAX_WEB_SOURCES, sourcesFromAnthropicMessages, sourcesFromOpenAIResponse } from "@/lib/ai/web-sources";

// Wire shapes as the installed SDKs type them (openai 7: ResponseOutputText.URLCitation,
// ResponseFunctionWebSearch; @anthropic-ai/sdk 1: CitationsWebSearchResultLocation, WebSearchToolResultBlock).
const urlCitation = (url: string, title: string, start = 0, end = 10) => ({
  type: "url_citation",
  start_index: start,
  end_index: end,
  url,
  title,
});
const message = (...annotations: unknown[]) => ({
  type: "message",
  id: "msg_1",
  status: "completed",
  role: "assistant",
  content: [{ type: "output_text", text: "Hello world, researched.", annotations }],
});
const searchCall = (...urls: string[]) => ({
  type: "web_search_call",
  id: "ws_1",
  status: "completed",
  action: { type: "search", query: "acme corp news", sources: urls.map((url) => ({ type: "url", url })) },
});

const location = (url: string, title: string | null) => ({
  type: "web_search_result_location",
  url,
  title,
  encrypted_index: "EpMBCioIAhgB",
  cited_text: "Acme Corp announced",
});
const text = (citations: unknown[] | null, body = "Acme is growing.") => ({ type: "text", text: body, citations });
const results = (...pages: [string, string][]) => ({
  type: "web_search_tool_result",
  tool_use_id: "srvtoolu_1",
  content: pages.map(([url, title]) => ({
    type: "web_search_result",
    url,
    title,
    encrypted_content: "EqgfCioIARgBIiQ3",
    page_age: null,
  })),
});
const serverToolUse = { type: "server_tool_use", id: "srvtoolu_1", name: "web_search", input: { query: "acme" } };

describe("sourcesFromOpenAIResponse", () => {
  it("takes the url_citation annotations of the output_text, in order, over the search results", () => {
    const data = {
      output: [
        searchCall("https://a.example/1", "https://b.example/2", "https://c.example/3"),
        message(
          urlCitation("https://b.example/2", " Page B ", 0, 5),
          { type: "file_citation", file_id: "file_1", filename: "x.pdf", index: 3 },
          urlCitation("https://a.example/1", "Page A", 6, 11),
        ),
      ],
    };
    expect(sourcesFromOpenAIResponse(data)).toEqual([
      { url: "https://b.example/2", title: "Page B" },
      { url: "https://a.example/1", title: "Page A" },
    ]);
  });

  it("falls back to the web_search_call sources (titled by hostname) when nothing is cited", () => {
    const data = {
      output: [
        searchCall("https://www.acme.com/news", "https://news.example.org/acme"),
        {
          type: "web_search_call",
          id: "ws_2",
          status: "completed",
          action: { type: "open_page", url: "https://x.io" },
        },
        { type: "web_search_call", id: "ws_3", status: "completed", action: { type: "search", query: "no sources" } },
        searchCall("https://www.acme.com/news", "https://acme.example/about"),
        message(),
      ],
    };
    expect(sourcesFromOpenAIResponse(data)).toEqual([
      { url: "https://www.acme.com/news", title: "www.acme.com" },
      { url: "https://news.example.org/acme", title: "news.example.org" },
      { url: "https://acme.example/about", title: "acme.example" },
    ]);
  });

  it("dedupes by URL, skips non-http(s) URLs, falls back to the hostname for a blank title", () => {
    const data = {
      output: [
        message(
          urlCitation("https://a.example/1", "First"),
          urlCitation("https://a.example/1", "Again"),
          urlCitation("ftp://files.example/x", "FTP"),
          urlCitation("javascript:alert(1)", "JS"),
          urlCitation("not a url", "Nope"),
          urlCitation("http://plain.example/page", "   "),
        ),
      ],
    };
    expect(sourcesFromOpenAIResponse(data)).toEqual([
      { url: "https://a.example/1", title: "First" },
      { url: "http://plain.example/page", title: "plain.example" },
    ]);
  });

  it(`keeps at most ${MAX_WEB_SOURCES}`, () => {
    const many = Array.from({ length: 30 }, (_, i) => urlCitation(`https://s${i}.example/`, `S${i}`));
    const out = sourcesFromOpenAIResponse({ output: [message(...many)] });
    expect(out).toHaveLength(MAX_WEB_SOURCES);
    expect(out[0]).toEqual({ url: "https://s0.example/", title: "S0" });
    expect(out.at(-1)!.url).toBe(`https://s${MAX_WEB_SOURCES - 1}.example/`);
  });

  it("copes with answers without web search or with odd shapes", () => {
    expect(sourcesFromOpenAIResponse(null)).toEqual([]);
    expect(sourcesFromOpenAIResponse({ output: [] })).toEqual([]);
    expect(sourcesFromOpenAIResponse({ output: null })).toEqual([]);
    expect(
      sourcesFromOpenAIResponse({
        output: [
          null,
          "text",
          { type: "message", content: null },
          { type: "message", content: [{ type: "refusal", refusal: "no" }] },
          { type: "message", content: [{ type: "output_text", text: "x", annotations: null }] },
          { type: "web_search_call", action: null },
          { type: "web_search_call", action: { type: "search", sources: [{ type: "api", name: "oai-news" }] } },
        ],
      }),
    ).toEqual([]);
  });
});

describe("sourcesFromAnthropicMessages", () => {
  it("takes the web_search_result_location citations of the text blocks over the search results", () => {
    const first = {
      content: [
        serverToolUse,
        results(["https://a.example/1", "Page A"], ["https://b.example/2", "Page B"], ["https://c.example/3", "C"]),
        text(null, "Here is what I found. "),
        text([location("https://b.example/2", "Page B"), { type: "char_location", cited_text: "x" }]),
        text([location("https://a.example/1", " Page A\n"), location("https://b.example/2", "Page B")]),
      ],
    };
    const followUp = { content: [{ type: "tool_use", id: "toolu_1", name: "write_email", input: {} }] };
    expect(sourcesFromAnthropicMessages([first, followUp])).toEqual([
      { url: "https://b.example/2", title: "Page B" },
      { url: "https://a.example/1", title: "Page A" },
    ]);
  });

  it("falls back to the web_search_tool_result pages when nothing is cited, across turns", () => {
    const first = {
      content: [
        serverToolUse,
        results(["https://a.example/1", "Page A"], ["https://b.example/2", ""]),
        text(null, "{}"),
      ],
    };
    const second = { content: [results(["https://a.example/1", "Dup"], ["https://d.example/4", "Page D"])] };
    expect(sourcesFromAnthropicMessages([first, second])).toEqual([
      { url: "https://a.example/1", title: "Page A" },
      { url: "https://b.example/2", title: "b.example" },
      { url: "https://d.example/4", title: "Page D" },
    ]);
  });

  it("ignores a web_search_tool_result_error and a null citation title", () => {
    const errored = {
      content: [
        serverToolUse,
        {
          type: "web_search_tool_result",
          tool_use_id: "srvtoolu_1",
          content: { type: "web_search_tool_result_error", error_code: "max_uses_exceeded" },
        },
        text(null),
      ],
    };
    expect(sourcesFromAnthropicMessages([errored])).toEqual([]);
    expect(sourcesFromAnthropicMessages([{ content: [text([location("https://x.example/a", null)])] }])).toEqual([
      { url: "https://x.example/a", title: "x.example" },
    ]);
  });

  it("skips non-http(s) URLs, dedupes, caps, and copes with missing messages", () => {
    const cites = [
      location("mailto:ceo@acme.com", "Mail"),
      location("https://a.example/1", "A"),
      location("https://a.example/1", "A again"),
      ...Array.from({ length: 30 }, (_, i) => location(`https://s${i}.example/`, `S${i}`)),
    ];
    const out = sourcesFromAnthropicMessages([undefined, { content: [text(cites)] }, null, { content: null }]);
    expect(out).toHaveLength(MAX_WEB_SOURCES);
    expect(out.slice(0, 2)).toEqual([
      { url: "https://a.example/1", title: "A" },
      { url: "https://s0.example/", title: "S0" },
    ]);
    expect(sourcesFromAnthropicMessages([])).toEqual([]);
  });
});
