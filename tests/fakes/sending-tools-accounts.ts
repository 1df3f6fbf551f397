/**
 * The accounts behind the fakes of Instantly, Smartlead and lemlist: which key (account or workspace) owns which
 * campaign, which leads each campaign holds, and which addresses are already in some campaign of the account — the
 * facts each tool's own de-duplication reads. Also the test-facing handle every fake returns (toolBase,
 * sendingTool).
 */
import type {
  FailureQueue,
  FakeCampaign,
  FakeLead,
  FakeTool,
  FakeToolBase,
  ServedTool,
  SlidingLimiter,
} from "./sending-tools-http";

/** A campaign as the fake keeps it: the fields tests read, and the object the list endpoint answers. */
export interface StoredCampaign extends FakeCampaign {
  key: string;
  wire: Record<string, unknown>;
}

/** Where addExistingLead(key, null, email) puts an address: a campaign of the account the tests never see. */
const ANOTHER_CAMPAIGN = "\u0000another-campaign";

export class Accounts {
  private readonly campaigns = new Map<string, StoredCampaign>();
  private readonly stored = new Map<string, FakeLead[]>();
  /** key → address → the campaigns holding it. */
  private readonly addresses = new Map<string, Map<string, Set<string>>>();

  addCampaign(campaign: StoredCampaign): FakeCampaign {
    if (this.campaigns.has(campaign.id)) throw new Error(`campaign ${campaign.id} exists already`);
    this.campaigns.set(campaign.id, campaign);
    return { id: campaign.id, name: campaign.name, status: campaign.status };
  }

  /** The campaign, when it exists and belongs to the key (another account's campaign is not found). */
  campaignOf(key: string, id: string): StoredCampaign | undefined {
    const c = this.campaigns.get(id);
    return c && c.key === key ? c : undefined;
  }

  /** The account's campaigns in creation order. */
  campaignsOf(key: string): StoredCampaign[] {
    return [...this.campaigns.values()].filter((c) => c.key === key);
  }

  private holders(key: string, email: string): Set<string> {
    let byEmail = this.addresses.get(key);
    if (!byEmail) this.addresses.set(key, (byEmail = new Map()));
    let set = byEmail.get(email);
    if (!set) byEmail.set(email, (set = new Set()));
    return set;
  }

  inCampaign(key: string, email: string, campaignId: string): boolean {
    return this.addresses.get(key)?.get(email)?.has(campaignId) ?? false;
  }

  /** In some campaign of the account other than this one. */
  inOtherCampaign(key: string, email: string, campaignId: string): boolean {
    return [...(this.addresses.get(key)?.get(email) ?? [])].some((c) => c !== campaignId);
  }

  inAnyCampaign(key: string, email: string): boolean {
    return (this.addresses.get(key)?.get(email)?.size ?? 0) > 0;
  }

  addExisting(key: string, campaignId: string | null, email: string) {
    this.holders(key, email.trim().toLowerCase()).add(campaignId ?? ANOTHER_CAMPAIGN);
  }

  store(key: string, lead: FakeLead) {
    this.holders(key, lead.email).add(lead.campaignId);
    const list = this.stored.get(lead.campaignId) ?? [];
    list.push(lead);
    this.stored.set(lead.campaignId, list);
  }

  leads(campaignId: string): FakeLead[] {
    return [...(this.stored.get(String(campaignId)) ?? [])];
  }

  clear() {
    this.campaigns.clear();
    this.stored.clear();
    this.addresses.clear();
  }
}

/** A lemlist-style id: a prefix and 17 letters and digits. */
export function prefixedId(prefix: string): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  let id = "";
  for (let i = 0; i < 17; i++) id += alphabet[Math.floor(Math.random() * alphabet.length)];
  return `${prefix}_${id}`;
}

/** What every fake keeps besides its server: the valid keys, its rate limiter and its injected failures. */
export interface ToolParts {
  keys: Set<string>;
  limiter: SlidingLimiter;
  failures: FailureQueue;
}

/** The knobs every fake offers; `clear` forgets the fake's own state on reset. */
export function toolBase(server: ServedTool, parts: ToolParts, clear: () => void = () => {}): FakeToolBase {
  return {
    url: server.url,
    calls: server.calls,
    addKey: (key) => void parts.keys.add(key),
    failNext: (...answers) => parts.failures.push(...answers),
    setLimits: (limits) => parts.limiter.set(limits),
    setLatency: (ms) => server.setLatency(ms),
    rateLimited: () => parts.limiter.refused,
    reset() {
      server.clear();
      parts.keys.clear();
      parts.failures.clear();
      parts.limiter.reset();
      clear();
    },
    close: () => server.close(),
  };
}

/** The handle of a sending tool: the knobs, its campaigns and the leads it stored. */
export function sendingTool(
  server: ServedTool,
  parts: ToolParts & { accounts: Accounts },
  addCampaign: FakeTool["addCampaign"],
  clear: () => void = () => {},
): FakeTool {
  const { accounts } = parts;
  return {
    ...toolBase(server, parts, () => (accounts.clear(), clear())),
    addCampaign,
    leads: (campaignId) => accounts.leads(campaignId),
    addExistingLead: (key, campaignId, email) => accounts.addExisting(key, campaignId, email),
  };
}
