import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { checkPrivate, keepNewFilesPrivate, makePrivateDirectory, tightenTree } from "@/lib/db/private-files";

// PGlite has no lock of its own: a second process on the same data directory
// opens it without error and one of the two loses its writes. This guard
// refuses the second opener with a clear message instead.

export class DataDirectoryInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The embedded database at ${dataDir} is in use by process ${pid}. ` +
        "Stop that process, or point PGLITE_DATA_DIR elsewhere, or set DATABASE_URL to use PostgreSQL.",
    );
    this.name = "DataDirectoryInUseError";
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function acquireLock(dataDir: string): () => void {
  const lockPath = `${dataDir}.lock`;
  makePrivateDirectory(path.dirname(lockPath));
  try {
    writeFileSync(lockPath, String(process.pid), { flag: "wx", mode: 0o600 });
  } catch {
    const holder = Number(readFileSync(lockPath, "utf8"));
    if (holder !== process.pid && Number.isInteger(holder) && isAlive(holder)) {
      throw new DataDirectoryInUseError(dataDir, holder);
    }
    writeFileSync(lockPath, String(process.pid));
  }
  const release = () => {
    try {
      if (readFileSync(lockPath, "utf8") === String(process.pid)) rmSync(lockPath);
    } catch {
      // Already gone: nothing to release.
    }
  };
  process.once("exit", release);
  return release;
}

export type OpenOptions = {
  /** A dump of a data directory (PGlite's dumpDataDir) a new data directory starts from; an existing one ignores it. */
  snapshot?: string;
  /** Told, before the work starts, whether the database is restored from the snapshot or opened (created when new). */
  onOpen?: (how: "restoring" | "opening") => void;
};

/**
 * Opens the embedded database in a data directory this process holds alone
 * and only its user can read: an existing one is checked (and tightened,
 * with a warning) first, a new one is tightened once PGlite has written it.
 * A new one starts from the snapshot when there is one, as a copy of the
 * database the snapshot was dumped from.
 */
export async function openEmbeddedDatabase(dataDir: string, { snapshot, onOpen }: OpenOptions = {}): Promise<PGlite> {
  acquireLock(dataDir);
  keepNewFilesPrivate();
  const isNew = !existsSync(dataDir);
  if (isNew) makePrivateDirectory(dataDir);
  else checkPrivate(dataDir, "The embedded database");
  const restoring = isNew && snapshot !== undefined;
  onOpen?.(restoring ? "restoring" : "opening");
  const pglite = restoring ? await restore(dataDir, snapshot) : new PGlite(dataDir);
  await pglite.waitReady;
  tightenTree(dataDir);
  return pglite;
}

/** A new data directory written from the snapshot; on failure the directory goes again, so the next start is not left half a database. */
async function restore(dataDir: string, snapshot: string): Promise<PGlite> {
  try {
    const pglite = new PGlite(dataDir, { loadDataDir: new Blob([readFileSync(snapshot)]) });
    await pglite.waitReady;
    return pglite;
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`The database snapshot ${snapshot} (PGLITE_SNAPSHOT) could not be restored: ${(error as Error).message}`, { cause: error });
  }
}
