import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/db/client";
import { forgetInstancesGone, forgetOtherInstances, heartbeat, registerInstance } from "@/lib/threads/sql";

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
  await db.$queryRawTyped(registerInstance(id, new Date()));
  if (sole) await db.$queryRawTyped(forgetOtherInstances(id));
  else await db.$queryRawTyped(forgetInstancesGone(new Date(Date.now() - FORGET_AFTER_MS)));
  const beat = setInterval(() => {
    db.$queryRawTyped(heartbeat(id, new Date())).then(
      (beaten) => {
        // Removed meanwhile (a sole process on the same database would, wrongly): register again on the next claim.
        if (beaten.length === 0) stop();
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
