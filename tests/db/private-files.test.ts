import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { authSecret } from "@/lib/auth/secret";
import { readConfig } from "@/lib/config";
import { DataDirectoryInUseError, openEmbeddedDatabase } from "@/lib/db/pglite";

// The embedded database and the server secret are for the user running the
// app alone: folders 0700, files 0600, however PGlite writes them, checked
// (with a warning) and tightened at every start.

const root = mkdtempSync(path.join(tmpdir(), "episodic-private-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Every entry under `dir` (itself included) whose mode lets another user in, with its mode. */
function looser(dir: string): string[] {
  const found: string[] = [];
  const walk = (at: string) => {
    const stats = lstatSync(at);
    if ((stats.mode & 0o077) !== 0) found.push(`${path.relative(root, at) || "."} ${(stats.mode & 0o777).toString(8)}`);
    if (stats.isDirectory()) for (const name of readdirSync(at)) walk(path.join(at, name));
  };
  walk(dir);
  return found;
}

function entries(dir: string): number {
  let count = 1;
  if (lstatSync(dir).isDirectory()) for (const name of readdirSync(dir)) count += entries(path.join(dir, name));
  return count;
}

// The embedded database's own files; the PostgreSQL run has nothing of its own to add here.
describe.skipIf(process.env.TEST_DATABASE === "postgres")("the embedded database's files", () => {
  const dataDir = path.join(root, ".data", "pglite");

  it("are the user's alone from the first start: folders 0700, files 0600, the lock file too", async () => {
    const pglite = await openEmbeddedDatabase(dataDir);
    // Files PGlite adds while it runs (a new table's) are private too.
    await pglite.exec("CREATE TABLE notes (id int PRIMARY KEY, body text); INSERT INTO notes VALUES (1, 'private');");
    await pglite.close();
    expect(entries(dataDir)).toBeGreaterThan(500);
    expect(looser(path.join(root, ".data"))).toEqual([]);
    expect(lstatSync(path.join(root, ".data")).mode & 0o777).toBe(0o700);
  });

  it("are checked at the next start: looser modes left by anything else are reported and tightened", async () => {
    const file = path.join(dataDir, "PG_VERSION");
    chmodSync(file, 0o666);
    chmodSync(path.join(dataDir, "base"), 0o755);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const pglite = await openEmbeddedDatabase(dataDir);
    await pglite.close();
    const warnings = warn.mock.calls.map((call) => String(call[0]));
    warn.mockRestore();
    expect(warnings).toEqual([expect.stringMatching(/^The embedded database at .* was readable or writable by other users \(2 files and folders\); made it private/)]);
    expect(looser(path.join(root, ".data"))).toEqual([]);
  });

  it("refuse a second server while the first holds them, naming it", async () => {
    // A lock naming a process that is alive and is not this one: as a second server finds it.
    writeFileSync(`${dataDir}.lock`, "1");
    await expect(openEmbeddedDatabase(dataDir)).rejects.toThrow(DataDirectoryInUseError);
    await expect(openEmbeddedDatabase(dataDir)).rejects.toThrow(/is in use by process 1\. Stop that process, or point PGLITE_DATA_DIR elsewhere/);
    rmSync(`${dataDir}.lock`);
  });
});

describe.skipIf(process.env.TEST_DATABASE === "postgres")("the server secret kept beside them", () => {
  it("is written 0600 in a folder only its user can enter", () => {
    const config = { ...readConfig({}), authSecret: undefined, pgliteDataDir: path.join(root, "secret-a", "pglite") };
    expect(authSecret(config)).toHaveLength(43);
    expect(lstatSync(path.join(root, "secret-a", "auth-secret")).mode & 0o777).toBe(0o600);
    expect(lstatSync(path.join(root, "secret-a")).mode & 0o777).toBe(0o700);
  });

  it("is tightened with a warning when found readable by others", () => {
    const dir = path.join(root, "secret-b");
    const file = path.join(dir, "auth-secret");
    const config = { ...readConfig({}), authSecret: undefined, pgliteDataDir: path.join(dir, "pglite") };
    mkdirSync(dir, { mode: 0o755 });
    writeFileSync(file, `${"s".repeat(43)}\n`, { mode: 0o644 });
    chmodSync(file, 0o644);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(authSecret(config)).toBe("s".repeat(43));
    const warnings = warn.mock.calls.map((call) => String(call[0]));
    warn.mockRestore();
    expect(warnings).toEqual([expect.stringMatching(/^The server secret at .*auth-secret was readable or writable by other users/)]);
    expect(lstatSync(file).mode & 0o777).toBe(0o600);
  });
});
