import { betterAuth } from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { authSecret } from "@/lib/auth/secret";
import { readConfig } from "@/lib/config";
import { getDb, type Db } from "@/lib/db/client";

export const MIN_PASSWORD_LENGTH = 8;

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
    emailAndPassword: { enabled: true, autoSignIn: true, minPasswordLength: MIN_PASSWORD_LENGTH },
    session: {
      additionalFields: {
        // Written only by the workspace switch, after it has checked the membership.
        activeWorkspaceId: { type: "string", required: false, input: false },
      },
    },
    advanced: {
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
