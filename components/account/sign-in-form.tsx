"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { postJson } from "@/components/ui/request-json";

const field = "mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-indigo-500";

/** Sign in (then on to `next`, the address asked for), or make an account (then create a workspace of one's own). */
export function SignInForm({ minPasswordLength, next }: { minPasswordLength: number; next: string }) {
  const router = useRouter();
  const [mode, setMode] = useState<"sign-in" | "sign-up">("sign-in");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(form: FormData) {
    setBusy(true);
    setError(null);
    const email = String(form.get("email") ?? "");
    const password = String(form.get("password") ?? "");
    try {
      if (mode === "sign-up") {
        // Signing up answers the same whether or not the email has an account already; signing in then tells.
        await postJson("/api/auth/sign-up/email", { email, password, name: String(form.get("name") ?? "").trim() || email.split("@")[0] });
        await postJson("/api/auth/sign-in/email", { email, password }).catch((failure: Error) => {
          throw new Error(`${failure.message} If this email already has an account, sign in with its password.`);
        });
      } else {
        await postJson("/api/auth/sign-in/email", { email, password });
      }
      router.push(mode === "sign-in" ? next : "/workspaces/new");
      router.refresh();
    } catch (failure) {
      setError((failure as Error).message);
      setBusy(false);
    }
  }

  return (
    <form action={submit} className="space-y-4" aria-label={mode === "sign-in" ? "Sign in" : "Create an account"}>
      {mode === "sign-up" && (
        <label className="block text-sm font-medium">
          Your name
          <input name="name" autoComplete="name" className={field} />
        </label>
      )}
      <label className="block text-sm font-medium">
        Email
        <input name="email" type="email" required autoComplete="email" className={field} />
      </label>
      <label className="block text-sm font-medium">
        Password
        <input
          name="password"
          type="password"
          required
          minLength={mode === "sign-up" ? minPasswordLength : undefined}
          autoComplete={mode === "sign-in" ? "current-password" : "new-password"}
          className={field}
        />
      </label>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <button type="submit" disabled={busy} className="w-full rounded-md bg-indigo-600 px-3 py-2 text-sm font-medium text-white hover:bg-indigo-500 disabled:opacity-60">
        {busy ? "One moment…" : mode === "sign-in" ? "Sign in" : "Create account"}
      </button>
      <button type="button" onClick={() => setMode(mode === "sign-in" ? "sign-up" : "sign-in")} className="w-full text-sm text-indigo-700 underline">
        {mode === "sign-in" ? "New here? Create an account" : "Have an account? Sign in"}
      </button>
    </form>
  );
}
