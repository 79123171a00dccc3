import { redirect } from "next/navigation";
import { SignInForm } from "@/components/account/sign-in-form";
import { DEMO_OWNER } from "@/lib/auth/demo-account";
import { ensureDemoOwner } from "@/lib/workspaces/demo-owner";
import { MIN_PASSWORD_LENGTH } from "@/lib/auth/server";
import { getDb } from "@/lib/db/client";
import { requireUser } from "@/lib/workspaces/current";

export const metadata = { title: "Sign in · Episodic buffer" };

/** Where to go after signing in: an address of this app (a path), never another site's. */
function nextAddress(raw: string | string[] | undefined): string {
  const next = Array.isArray(raw) ? raw[0] : raw;
  return next && next.startsWith("/") && !next.startsWith("//") && !next.startsWith("/\\") ? next : "/";
}

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const next = nextAddress((await searchParams).next);
  // The demo owner exists before the form is shown, so the credentials below always work.
  await ensureDemoOwner(await getDb());
  const signedIn = await requireUser().then(
    () => true,
    () => false,
  );
  if (signedIn) redirect(next);
  return (
    <main className="mx-auto mt-16 max-w-sm rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <p className="text-xs font-semibold tracking-wide text-indigo-700 uppercase">Miles · episodic buffer</p>
      <h1 className="mt-1 mb-4 text-lg font-semibold">Sign in</h1>
      <p className="mb-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200" data-testid="demo-credentials">
        The demo workspace&apos;s owner: <strong>{DEMO_OWNER.email}</strong> with the password <strong>{DEMO_OWNER.password}</strong>.
        Everyone who signs in with these gets a copy of the demo of their own, which signing out discards.
      </p>
      <SignInForm minPasswordLength={MIN_PASSWORD_LENGTH} next={next} />
    </main>
  );
}
