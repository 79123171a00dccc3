"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import type { SupersessionDecision, SupersessionOfferView } from "@/lib/pages/supersession-offers";
import { postJson } from "@/components/ui/request-json";
import { factHref } from "@/components/ui/routes";

type Offer = Omit<SupersessionOfferView, "createdAt">;

function FactQuote({ label, fact }: { label: string; fact: Offer["oldFact"] }) {
  return (
    <p className="text-sm">
      <span className="text-xs font-medium text-slate-600 uppercase">{label}</span>{" "}
      <span className="text-slate-900">{fact.text}</span>{" "}
      <span className="text-xs text-slate-600">
        ({fact.key}, on{" "}
        <Link href={factHref(fact.page.id, fact.id)} className="text-indigo-700 underline underline-offset-2">
          {fact.page.title}
        </Link>
        )
      </span>
    </p>
  );
}

function OfferItem({ offer }: { offer: Offer }) {
  const router = useRouter();
  const [sending, setSending] = useState<SupersessionDecision | null>(null);
  const [refreshing, startRefresh] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const busy = sending !== null || refreshing;

  async function decide(decision: SupersessionDecision) {
    setSending(decision);
    setError(null);
    try {
      await postJson(`/api/supersessions/${offer.id}`, { decision });
      startRefresh(() => router.refresh());
    } catch (reason) {
      setError(`Could not save your answer: ${(reason as Error).message}`);
      startRefresh(() => router.refresh());
    } finally {
      setSending(null);
    }
  }

  return (
    <li className="space-y-2 rounded-lg bg-white p-4 shadow-sm ring-1 ring-amber-300" data-testid="supersession-offer" data-offer-id={offer.id}>
      <FactQuote label="Now" fact={offer.newFact} />
      <FactQuote label="Before" fact={offer.oldFact} />
      <p className="text-xs text-slate-600">Looks like a changed decision: {offer.reason}.</p>
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          disabled={busy}
          onClick={() => decide("accept")}
          className="rounded-md bg-emerald-800 px-3 py-1 text-xs font-medium text-white hover:bg-emerald-700 disabled:opacity-60"
          data-testid="offer-accept"
        >
          {sending === "accept" ? "Replacing…" : "Accept: the new one replaces the old"}
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() => decide("keep-both")}
          className="rounded-md border border-slate-300 bg-white px-3 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60"
          data-testid="offer-keep-both"
        >
          {sending === "keep-both" ? "Keeping…" : "Keep both"}
        </button>
      </div>
      {error && (
        <p role="alert" className="text-xs text-red-700">
          {error}
        </p>
      )}
    </li>
  );
}

/**
 * Facts the memory pass filed that look like changed decisions of confirmed
 * ones under another key or page. Until the owner answers, both stay
 * confirmed; Accept replaces the old one, Keep both dismisses the offer.
 */
export function SupersessionOffers({ offers }: { offers: Offer[] }) {
  if (offers.length === 0) return null;
  return (
    <section aria-labelledby="offers-heading" className="space-y-2" data-testid="supersession-offers">
      <h2 id="offers-heading" className="text-sm font-semibold text-slate-700">
        Changed decisions? <span className="font-normal text-slate-600">({offers.length})</span>
      </h2>
      <p className="text-xs text-slate-600">Both facts are confirmed, so your assistant sees both values until you choose.</p>
      <ul className="space-y-2">
        {offers.map((offer) => (
          <OfferItem key={offer.id} offer={offer} />
        ))}
      </ul>
    </section>
  );
}
