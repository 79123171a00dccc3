import { betterAuth } from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { isDemoAccount } from "@/lib/auth/demo-account";
import { authSecret } from "@/lib/auth/secret";
import { userFieldsSchema } from "@/lib/auth/user-fields";
import { CLIENT_ADDRESS_HEADER, servedByAppServer } from "@/lib/contracts/client-address";
import { readConfig } from "@/lib/config";
import { getDb, type Db } from "@/lib/db/client";
import { takeToken } from "@/lib/limits/buckets";

export const MIN_PASSWORD_LENGTH = 8;

/**
 * What the shared demo account may do: sign in and out. Everything else
 * Better Auth offers a signed-in user (changing the password, the name or
 * the email, listing or revoking sessions) would let one person who opened
 * the demo lock out, rename or spy on everyone else who did.
 */
const DEMO_ACCOUNT_PATHS = new Set(["/sign-in/email", "/sign-out", "/get-session", "/ok", "/error"]);

const DEMO_ACCOUNT_REFUSAL =
  "The demo account is shared by everyone who opens the demo, so its settings cannot be changed. Create an account of your own on the sign-in page.";

/** A user row Better Auth is about to write, with the app's rules for its fields applied; a bad one is a 422 naming the problem. */
function checkedUserFields<T extends Record<string, unknown>>(user: T): { data: T } {
  const parsed = userFieldsSchema.safeParse(user);
  if (!parsed.success) throw new APIError("UNPROCESSABLE_ENTITY", { message: parsed.error.issues[0].message, code: "INVALID_USER_FIELDS" });
  return { data: { ...user, ...("name" in user ? { name: parsed.data.name } : {}) } };
}

function createAuth(db: Db) {
  const config = readConfig();
  return betterAuth({
    appName: "Episodic buffer",
    basePath: "/api/auth",
    // Unset, the origin comes from each request; proxy.ts has already refused any other Origin.
    baseURL: config.publicUrl,
    // Better Auth derives that origin from the URL Next hands it, which names localhost even when the browser
    // addressed 127.0.0.1 or a LAN address (HOST=…): the address the request was sent to is the app's own too.
    trustedOrigins: config.publicUrl ? [] : (request) => (request?.headers.get("host") ? [`${new URL(request.url).protocol}//${request.headers.get("host")}`] : []),
    secret: authSecret(config),
    database: prismaAdapter(db, { provider: "postgresql" }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      // Signing up answers alike whether or not the email already has an account (the client then signs in),
      // so the form cannot be used to find out who has one.
      autoSignIn: false,
    },
    session: {
      additionalFields: {
        // Written only by the workspace switch, after it has checked the membership.
        activeWorkspaceId: { type: "string", required: false, input: false },
      },
    },
    databaseHooks: {
      user: {
        create: { before: async (user) => checkedUserFields(user) },
        update: { before: async (user) => checkedUserFields(user) },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (DEMO_ACCOUNT_PATHS.has(ctx.path)) return;
        const signedIn = await getSessionFromCtx(ctx);
        if (signedIn && isDemoAccount(signedIn.user.id)) throw new APIError("FORBIDDEN", { message: DEMO_ACCOUNT_REFUSAL, code: "DEMO_ACCOUNT" });
      }),
    },
    // Sign-in and sign-up attempts per client address (Better Auth's rules: 3 every 10 s for those, 100 for the rest),
    // counted in the app's database so every instance shares the count.
    rateLimit: {
      enabled: true,
      customStorage: {
        async consume(key, rule) {
          const taken = await takeToken(db, `auth:${key}`, { capacity: rule.max, perMinute: (rule.max * 60) / rule.window });
          return taken.allowed ? { allowed: true, retryAfter: null } : { allowed: false, retryAfter: taken.retryAfterSeconds };
        },
      },
    },
    advanced: {
      // The address the app's server worked out; without it (a bare `next start`) no header is believed and all clients share one count.
      ipAddress: { ipAddressHeaders: [servedByAppServer() ? CLIENT_ADDRESS_HEADER : "x-no-client-address"], ipv6Subnet: 64 },
      // Origins are checked under test as in production (Better Auth skips the check under NODE_ENV=test by default).
      disableOriginCheck: false,
      // HttpOnly and SameSite=Lax are the library's defaults; Secure needs HTTPS, which only a stated public address promises.
      useSecureCookies: config.publicUrl?.startsWith("https://") ?? false,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;

// One instance per process, like the database it is bound to.
const holder = globalThis as typeof globalThis & { episodicBufferAuth?: Promise<Auth> };

export function getAuth(): Promise<Auth> {
  holder.episodicBufferAuth ??= getDb().then(createAuth, (error: unknown) => {
    holder.episodicBufferAuth = undefined;
    throw error;
  });
  return holder.episodicBufferAuth;
}
