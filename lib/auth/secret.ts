import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { AppConfig } from "@/lib/config";
import { checkPrivate, makePrivateDirectory } from "@/lib/db/private-files";

/**
 * The server secret that signs session and visitor cookies: AUTH_SECRET, or
 * else one generated on first run and kept beside the embedded database, so
 * `npm run dev` needs no setup and sessions survive a restart.
 */
// Read once per process (every visitor cookie is signed with it); Next loads this module more than once.
const holder = globalThis as typeof globalThis & { episodicBufferSecrets?: Map<string, string> };
const keptSecrets = (holder.episodicBufferSecrets ??= new Map());

export function authSecret(config: AppConfig): string {
  if (config.authSecret) return config.authSecret;
  const file = path.join(path.dirname(config.pgliteDataDir), "auth-secret");
  let secret = keptSecrets.get(file);
  if (!secret) {
    secret = keptOrNewSecret(file);
    keptSecrets.set(file, secret);
  }
  return secret;
}

function keptOrNewSecret(file: string): string {
  try {
    const kept = readFileSync(file, "utf8").trim();
    checkPrivate(file, "The server secret");
    if (kept.length >= 32) return kept;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  if (process.env.NODE_ENV === "production") {
    console.warn(`AUTH_SECRET is not set: using a generated one kept in ${file}. Set AUTH_SECRET for a real deployment.`);
  }
  makePrivateDirectory(path.dirname(file));
  const secret = randomBytes(32).toString("base64url");
  try {
    // "wx": of two processes starting at once, the first one's secret is the one both use.
    writeFileSync(file, `${secret}\n`, { flag: "wx", mode: 0o600 });
    return secret;
  } catch {
    return readFileSync(file, "utf8").trim();
  }
}
