import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/db/client";
import { utcTimestamp } from "@/lib/threads/messages";

// Each process that answers turns registers itself as an instance and
// refreshes a heartbeat while it runs. A turn's claim on its thread names the
// instance (lib/threads/turn-lease.ts), so a claim whose instance stopped
// beating is known dead and frees the thread at once, without waiting for the
// claim's own expiry. On the embedded database only one process can be open
// at all, so when it registers every other instance is dead already.

export const HEARTBEAT_MS = 5_000;
/** An instance whose heartbeat is older than this has stopped: three beats missed. */
export const INSTANCE_DEAD_AFTER_MS = 3 * HEARTBEAT_MS;
/** Rows of instances gone this long are removed when another registers. */
const FORGET_AFTER_MS = 24 * 60 * 60 * 1000;

const holder = globalThis as typeof globalThis & { __episodicBufferInstanceId?: string };
/** This process's instance id, one per process whatever Next's module copies. */
const processInstance = (holder.__episodicBufferInstanceId ??= randomUUID());

const registered = new WeakMap<Db, Promise<string>>();

/** The time before which a heartbeat means its instance has stopped. */
export const deadBefore = (now = new Date()) => new Date(now.getTime() - INSTANCE_DEAD_AFTER_MS);

async function register(db: Db, sole: boolean): Promise<string> {
  const id = processInstance;
  const now = utcTimestamp(new Date());
  await db.$executeRaw`
    INSERT INTO "ServerInstance" (id, "startedAt", "heartbeatAt") VALUES (${id}, ${now}::timestamp(3), ${now}::timestamp(3))
    ON CONFLICT (id) DO UPDATE SET "heartbeatAt" = EXCLUDED."heartbeatAt"`;
  if (sole) await db.$executeRaw`DELETE FROM "ServerInstance" WHERE id <> ${id}`;
  else await db.$executeRaw`DELETE FROM "ServerInstance" WHERE "heartbeatAt" < ${utcTimestamp(new Date(Date.now() - FORGET_AFTER_MS))}::timestamp(3)`;
  const beat = setInterval(() => {
    db.$executeRaw`UPDATE "ServerInstance" SET "heartbeatAt" = ${utcTimestamp(new Date())}::timestamp(3) WHERE id = ${id}`.then(
      (updated) => {
        // Removed meanwhile (a sole process on the same database would, wrongly): register again on the next claim.
        if (updated === 0) stop();
      },
      // The database went away (a closed test database, a server shutting down): the next claim registers again.
      () => stop(),
    );
  }, HEARTBEAT_MS);
  beat.unref();
  const stop = () => {
    clearInterval(beat);
    registered.delete(db);
  };
  return id;
}

/**
 * This process's instance on `db`, registered on first use with its
 * heartbeat running. `sole`: no other process can be using this database
 * (the embedded one), so every other instance it knows of is dead.
 */
export function currentInstance(db: Db, options: { sole: boolean }): Promise<string> {
  let instance = registered.get(db);
  if (!instance) {
    instance = register(db, options.sole).catch((error: unknown) => {
      registered.delete(db);
      throw error;
    });
    registered.set(db, instance);
  }
  return instance;
}
