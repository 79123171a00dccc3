import { chmodSync, lstatSync, mkdirSync, readdirSync, type Stats } from "node:fs";
import { isMainThread } from "node:worker_threads";
import path from "node:path";

// The embedded database's files hold everything private the app keeps:
// memory, password hashes, sessions. They are for this user alone: folders
// 0700, files 0600. PGlite writes the files of a new database 0666 whatever
// the umask says (its initdb image is copied with explicit modes), so a new
// data directory is tightened right after PGlite creates it, and every start
// checks again and says so when it finds looser modes left by anything else.

const PRIVATE_DIRECTORY = 0o700;
const PRIVATE_FILE = 0o600;

/** A folder only this user can enter, made with its parents as needed (those it makes are private too). */
export function makePrivateDirectory(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIRECTORY });
  tighten(dir, lstatSync(dir));
}

/**
 * From here on this process creates files and folders for its user alone, so
 * the ones PGlite adds while it runs (a new table's file, a WAL segment) are
 * private from the start. A worker thread cannot change it; the check at the
 * next start covers what such a process writes.
 */
export function keepNewFilesPrivate(): void {
  if (isMainThread) process.umask(process.umask() | 0o077);
}

function tighten(file: string, stats: Stats): boolean {
  const wanted = stats.isDirectory() ? PRIVATE_DIRECTORY : PRIVATE_FILE;
  if ((stats.mode & 0o077) === 0) return false;
  chmodSync(file, (stats.mode & 0o700) | (wanted & 0o700));
  return true;
}

/**
 * Makes everything under `root` (itself included) private and returns how
 * many entries were readable or writable by others. Symbolic links are left
 * alone: their own mode means nothing, and what they point at is not ours.
 */
export function tightenTree(root: string): number {
  let loosened = 0;
  const stack = [root];
  while (stack.length > 0) {
    const current = stack.pop()!;
    let stats: Stats;
    try {
      stats = lstatSync(current);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") continue;
      throw error;
    }
    if (stats.isSymbolicLink()) continue;
    if (tighten(current, stats)) loosened += 1;
    if (stats.isDirectory()) for (const name of readdirSync(current)) stack.push(path.join(current, name));
  }
  return loosened;
}

/** Makes `root` private, warning when it was not: something other than this app widened it, or an older version left it so. */
export function checkPrivate(root: string, what: string): void {
  const loosened = tightenTree(root);
  if (loosened > 0) {
    console.warn(`${what} at ${root} was readable or writable by other users (${loosened} files and folders); made it private to this user (folders 0700, files 0600).`);
  }
}
