/**
 * Answers of the admin area and background jobs. Each answer's type is inferred from its schema
 * (docs/architecture.md).
 */
import { z } from "zod";
import { JOB_KINDS, JOB_STATUSES } from "@/lib/domain/enums";
import { userFields } from "./account";
import { iso, pagination } from "./common";
import { Ticket } from "./support";

export const AdminDashboard = z.object({
  userStats: z.object({ total: z.number().int(), trial: z.number().int(), lifetime: z.number().int() }),
  revenue: z.number().describe("USD"),
  openTickets: z.number().int(),
  activePromoCodes: z.number().int(),
});

const adminUserFields = { ...userFields, createdAt: iso() };

export const AdminUser = z.object(adminUserFields);

export const AdminUsers = z.object({ users: z.array(AdminUser), pagination });

export const AdminUserDetail = z.object({
  ...adminUserFields,
  ticketCount: z.number().int(),
  payments: z.array(
    z.object({ _id: z.string(), amount: z.number().describe("USD"), promoCode: z.string(), date: iso() }),
  ),
});

export const JobStarted = z.object({
  jobId: z.string(),
  msg: z.string(),
  total: z.number().int().describe("Units of work: recipients or rows"),
});

export const Job = z.object({
  jobId: z.string(),
  kind: z.enum(JOB_KINDS),
  status: z.enum(JOB_STATUSES),
  total: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  failures: z.array(z.string()).describe("Addresses the mail could not be sent to"),
  error: z.string().nullable(),
  msg: z.string().nullable().describe("The final message once the job ended"),
  createdAt: iso(),
  updatedAt: iso(),
  startedAt: iso().nullable(),
  finishedAt: iso().nullable(),
});

export const IncomePayment = z.object({
  _id: z.string(),
  userId: z.string().nullable(),
  userName: z.string(),
  userEmail: z.string(),
  date: iso(),
  amount: z.number().describe("USD"),
  promoCode: z.string(),
});

export const Income = z.object({
  payments: z.array(IncomePayment),
  pagination,
  totalIncome: z.number().describe("USD"),
});

export const AdminTickets = z.object({ tickets: z.array(Ticket), pagination });

export const PromoCode = z.object({
  _id: z.string(),
  code: z.string(),
  discountPercentage: z.number().int(),
  maxUses: z.number().int(),
  currentUses: z.number().int(),
  expiresAt: iso(),
  isActive: z.boolean(),
  isInfluencerCode: z.boolean(),
  createdAt: iso(),
});

export const PromoCodes = z.object({ promoCodes: z.array(PromoCode), pagination });

export const OutboxEmail = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: iso(),
});

export type AdminDashboardJson = z.output<typeof AdminDashboard>;
export type AdminUserJson = z.output<typeof AdminUser>;
export type AdminUsersJson = z.output<typeof AdminUsers>;
export type AdminUserDetailJson = z.output<typeof AdminUserDetail>;
export type JobStartedJson = z.output<typeof JobStarted>;
export type JobJson = z.output<typeof Job>;
export type IncomePaymentJson = z.output<typeof IncomePayment>;
export type IncomeJson = z.output<typeof Income>;
export type AdminTicketsJson = z.output<typeof AdminTickets>;
export type PromoCodeJson = z.output<typeof PromoCode>;
export type PromoCodesJson = z.output<typeof PromoCodes>;
export type OutboxEmailJson = z.output<typeof OutboxEmail>;
