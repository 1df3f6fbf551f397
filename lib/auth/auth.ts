import "server-only";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { bearer } from "better-auth/plugins";
import { db } from "@/lib/db";
import { accounts, sessions, users, verifications } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { inBackground } from "@/lib/http/after-response";
import { sendMail } from "@/lib/mail/send";
import { SESSION_EXPIRES_IN_SECONDS, SESSION_UPDATE_AGE_SECONDS } from "./session-policy";
import { existingAccountEmail, resetPasswordEmail, verificationEmail } from "@/lib/mail/templates";

const AUTH_BASE_PATH = "/api/identity";
const TRIAL_DAYS = 3;

function createAuth() {
  const config = env();
  return betterAuth({
    appName: "ColdMail AI",
    baseURL: config.appUrl,
    basePath: AUTH_BASE_PATH,
    secret: config.authSecret,
    telemetry: { enabled: false },
    logger: { level: "error" },
    database: drizzleAdapter(db, {
      provider: "pg",
      transaction: true,
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    user: {
      additionalFields: {
        isAdmin: { type: "boolean", input: false, defaultValue: false },
        subscription: { type: "string", input: false, defaultValue: "trial" },
        trialEnds: { type: "date", input: false, required: false },
        licenseKey: { type: "string", input: false, required: false },
        purchaseDate: { type: "date", input: false, required: false },
        promoCodeUsed: { type: "string", input: false, required: false },
      },
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => ({
            data: {
              ...user,
              subscription: "trial",
              isAdmin: false,
              trialEnds: new Date(Date.now() + TRIAL_DAYS * 24 * 60 * 60 * 1000),
            },
          }),
        },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      revokeSessionsOnPasswordReset: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, token }) => {
        await sendMail(resetPasswordEmail(user, `${config.appUrl}/reset-password/${token}`));
      },
      onExistingUserSignUp: async ({ user }) => {
        // Still unverified: what the person needs is a fresh verification link.
        if (!user.emailVerified) await getAuth().api.sendVerificationEmail({ body: { email: user.email } });
        else await sendMail(existingAccountEmail(user, config.appUrl));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, token }) => {
        await sendMail(verificationEmail(user, `${config.appUrl}/verify-email/${token}`));
      },
    },
    session: { expiresIn: SESSION_EXPIRES_IN_SECONDS, updateAge: SESSION_UPDATE_AGE_SECONDS },
    // Our own /api/auth routes call auth.api.* directly and apply their own limits.
    rateLimit: { enabled: false },
    // Verification / existing-account / reset mails are not awaited by the response, so its timing
    // does not tell an existing address from an unknown one.
    advanced: { backgroundTasks: { handler: (promise) => inBackground(promise, "auth e-mail") } },
    plugins: [bearer()],
  });
}

type Auth = ReturnType<typeof createAuth>;
const holder = globalThis as unknown as { __auth?: Auth };

/** The Better Auth instance, created on first use. */
export function getAuth(): Auth {
  return (holder.__auth ??= createAuth());
}
