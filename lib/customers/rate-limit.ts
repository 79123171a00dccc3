import { addressBucket } from "@/lib/contracts/client-address";
import type { Db } from "@/lib/db/client";
import { RequestError } from "@/lib/errors";
import { takeToken, type BucketRule } from "@/lib/limits/buckets";

/**
 * The public support chat's limits. A person typing stays well inside them; a
 * script does not. The address bucket is wider, for a shop or an office
 * sharing one address. A message without a visitor cookie starts a new
 * conversation, so new conversations are limited per address too: leaving
 * the cookie out gets no fresh bucket, only the next of a few.
 */
export const SUPPORT_LIMITS = {
  perAddress: { capacity: 30, perMinute: 20 },
  newVisitorsPerAddress: { capacity: 10, perMinute: 10 / 60 },
  perVisitor: { capacity: 10, perMinute: 6 },
} as const satisfies Record<string, BucketRule>;

type SupportSender = { visitorId: string; isNewVisitor: boolean; address: string };

function tooMany(message: string, retryAfterSeconds: number): RequestError {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return new RequestError("too_many:requests", `${message} Try again in ${minutes === 1 ? "a minute" : `${minutes} minutes`}.`);
}

/** Takes one message's tokens, address first; an empty bucket is a 429 saying when to try again. */
export async function takeSupportMessageTokens(db: Db, { visitorId, isNewVisitor, address }: SupportSender): Promise<void> {
  const from = addressBucket(address);
  const byAddress = await takeToken(db, `support-address:${from}`, SUPPORT_LIMITS.perAddress);
  if (!byAddress.allowed) throw tooMany("Too many messages from your network in a short time.", byAddress.retryAfterSeconds);
  if (isNewVisitor) {
    const started = await takeToken(db, `support-new-visitor:${from}`, SUPPORT_LIMITS.newVisitorsPerAddress);
    if (!started.allowed) throw tooMany("Too many new conversations from your network.", started.retryAfterSeconds);
  }
  const byVisitor = await takeToken(db, `support-visitor:${visitorId}`, SUPPORT_LIMITS.perVisitor);
  if (!byVisitor.allowed) throw tooMany("Too many messages in a short time.", byVisitor.retryAfterSeconds);
}
