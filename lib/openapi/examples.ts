/**
 * Examples of the main operations. Request examples are parsed by the route's own schema in
 * tests/integration/openapi.test.ts, so they stay valid.
 */
import { DEFAULT_JSON_SCHEMA } from "@/lib/ai/defaults";

const FILE_ID = "6f1c2b8e-4f0a-4d4e-9a51-0c7d2e3b9a10";
const BATCH_ID = "3d0c9a57-1e2b-4f7a-b1c4-5a6e7d8f9012";
const ROWS = [
  { "First Name": "Ann", Company: "Acme", Email: "ann@acme.example" },
  { "First Name": "Bob", Company: "Globex", Email: "bob@globex.example" },
];
const USER = {
  _id: "Yx3kq8ZpW2vN7bLm",
  id: "Yx3kq8ZpW2vN7bLm",
  name: "Ann Example",
  email: "ann@example.com",
  emailVerified: true,
  isAdmin: false,
  subscription: "trial",
  trialEnds: "2030-05-11T09:30:00.000Z",
  licenseKey: null,
  purchaseDate: null,
  promoCodeUsed: null,
  created: "2030-05-04T09:30:00.000Z",
};

export const EXAMPLES = {
  register: {
    request: { name: "Ann Example", email: "ann@example.com", password: "Str0ng-Passw0rd!" },
    response: { msg: "Registration successful! Please check your email to verify your account." },
  },
  login: {
    request: { email: "ann@example.com", password: "Str0ng-Passw0rd!" },
    response: { token: "kP0cV3...session-token...", user: USER },
  },
  credits: {
    response: {
      credits: { daily: 50, used: 3, remaining: 47, unlimited: false },
      subscription: "trial",
      unlimited: false,
      trialEnds: "2030-05-11T09:30:00.000Z",
      daysRemaining: 7,
      trialExpired: false,
    },
  },
  generate: {
    request: {
      prompt: "Write a short cold email to {{First Name}} at {{Company}}.",
      jsonSchema: DEFAULT_JSON_SCHEMA,
      model: "gpt-4o-mini",
      useCase: "content_creation",
      data: ROWS,
      selectedRowIndex: 0,
      csvId: FILE_ID,
      isRetry: false,
    },
    response: {
      subject_line: "A quick idea for Acme",
      email_body: "Hi Ann,\n\nI noticed Acme is hiring SDRs...",
      credits: { daily: 50, used: 4, remaining: 46, unlimited: false },
      row: {
        "First Name": "Ann",
        Company: "Acme",
        Email: "ann@acme.example",
        "Subject Line": "A quick idea for Acme",
        "Email Body": "Hi Ann,\n\nI noticed Acme is hiring SDRs...",
      },
      usage: { inputTokens: 412, outputTokens: 96, cachedInputTokens: 0, costUsd: 0.0001194 },
      flags: [{ rule: "spam_words", severity: "warn", message: 'Spam-trigger word: "guarantee"' }],
      sources: null,
    },
  },
  bulk: {
    request: {
      prompt: "Write a short cold email to {{First Name}} at {{Company}}.",
      jsonSchema: DEFAULT_JSON_SCHEMA,
      model: "gpt-4o-mini",
      useCase: "content_creation",
      rowsToProcess: [0, 1],
      csvId: FILE_ID,
      maxCostUsd: 1,
      overwriteApproved: false,
      qualityRules: { subject_too_long: { maxChars: 50 } },
    },
    response: { batchId: BATCH_ID, total: 2, skippedApproved: 0, skipped: { invalidEmail: 0, thinInput: 0 } },
  },
  batchStatus: {
    response: {
      batchId: BATCH_ID,
      status: "running",
      progress: { processed: 1, total: 2 },
      failed: 0,
      error: null,
      creditsRefunded: 0,
      usage: { inputTokens: 412, outputTokens: 96, cachedInputTokens: 0, costUsd: 0.0001194 },
      etaSeconds: 3,
      stopReason: null,
      mode: "standard",
    },
  },
  csvImport: {
    request: { fileName: "prospects.csv", rows: ROWS },
    response: {
      _id: FILE_ID,
      fileName: "prospects.csv",
      rowCount: 2,
      columns: ["First Name", "Company", "Email"],
      created: "2030-05-04T09:30:00.000Z",
      updatedAt: "2030-05-04T09:30:00.000Z",
      rows: ROWS,
      rowIds: [101, 102],
      serverTime: "2030-05-04T09:30:00.120Z",
      rowsReplacedAt: null,
    },
  },
} as const;
