import { hashPassword } from "better-auth/crypto";
import { DEMO_OWNER } from "@/lib/auth/demo-account";
import type { Db } from "@/lib/db/client";
import { workspaceBySlug } from "@/lib/workspaces/by-slug";
import { DEMO_WORKSPACE_SLUG } from "@/lib/workspaces/demo-template";

// Fixed ids make the seed idempotent: of concurrent first requests, the inserts of all but one do nothing.
const DEMO_OWNER_CREDENTIAL_ID = "demo-owner-credential";

/** Seeds the demo workspace (when it is not there yet) and its owner's account; ensureDemoOwner runs it once per process. */
export async function seedDemoOwner(db: Db): Promise<void> {
  // The template first: the account's sessions each get a copy of it (demo-copies.ts).
  await workspaceBySlug(db, DEMO_WORKSPACE_SLUG);
  await db.user.createMany({ data: [{ id: DEMO_OWNER.id, email: DEMO_OWNER.email, name: DEMO_OWNER.name, emailVerified: true }], skipDuplicates: true });
  const owner = await db.user.findUniqueOrThrow({ where: { email: DEMO_OWNER.email } });
  const hasCredential = await db.account.count({ where: { userId: owner.id, providerId: "credential" } });
  if (hasCredential === 0) {
    // Stored as Better Auth's email-and-password sign-up stores it: provider "credential", accountId = the user's id.
    await db.account.createMany({
      data: [{ id: DEMO_OWNER_CREDENTIAL_ID, accountId: owner.id, providerId: "credential", userId: owner.id, password: await hashPassword(DEMO_OWNER.password) }],
      skipDuplicates: true,
    });
  }
}

const holder = globalThis as typeof globalThis & { episodicBufferDemoOwner?: Promise<void> };

/** Seeds the demo workspace (the template of every demo session's copy) and its account once per process, before anyone can sign in. */
export function ensureDemoOwner(db: Db): Promise<void> {
  holder.episodicBufferDemoOwner ??= seedDemoOwner(db).catch((error: unknown) => {
    holder.episodicBufferDemoOwner = undefined;
    throw error;
  });
  return holder.episodicBufferDemoOwner;
}
