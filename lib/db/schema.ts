// The whole database schema, one module per domain (drizzle needs them gathered here).
export * from "./schema/auth";
export * from "./schema/ai";
export * from "./schema/csv";
export * from "./schema/batches";
export * from "./schema/support";
export * from "./schema/billing";
export * from "./schema/integrations";
export * from "./schema/mail";
export * from "./schema/api-keys";
export * from "./schema/jobs";
export * from "./schema/workers";
export * from "./schema/usage";
export * from "./schema/pacers";
export * from "./schema/previews";
export * from "./schema/provider-batches";
export * from "./schema/sending";
export * from "./schema/email-checks";
