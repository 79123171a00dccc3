import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { AppConfig } from "@/lib/config";

/**
 * The server secret that signs session and visitor cookies: AUTH_SECRET, or
 * else one generated on first run and kept beside the embedded database, so
 * `npm run dev` needs no setup and sessions survive a restart.
 */
export function authSecret(config: AppConfig): string {
  if (config.authSecret) return config.authSecret;
  const file = path.join(path.dirname(config.pgliteDataDir), "auth-secret");
  try {
    const kept = readFileSync(file, "utf8").trim();
    if (kept.length >= 32) return kept;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  if (process.env.NODE_ENV === "production") {
    console.warn(`AUTH_SECRET is not set: using a generated one kept in ${file}. Set AUTH_SECRET for a real deployment.`);
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  try {
    // "wx": of two processes starting at once, the first one's secret is the one both use.
    writeFileSync(file, `${secret}\n`, { flag: "wx", mode: 0o600 });
    return secret;
  } catch {
    return readFileSync(file, "utf8").trim();
  }
}
