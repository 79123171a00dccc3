import Link from "next/link";

/** A 404's card; `back` is where it offers to go instead (the chat, for an owner), none for a customer. */
export function NotFoundCard({ title, message, back = { href: "/", label: "Back to the chat" } }: { title: string; message: string; back?: { href: string; label: string } | null }) {
  return (
    <div className="mx-auto mt-16 max-w-md rounded-lg bg-white p-6 text-sm shadow-sm ring-1 ring-slate-200" data-testid="not-found">
      <h1 className="text-base font-semibold">{title}</h1>
      <p className="mt-2 text-slate-600">{message}</p>
      {back && (
        <Link href={back.href} className="mt-4 inline-block font-medium text-indigo-700 underline underline-offset-2">
          {back.label}
        </Link>
      )}
    </div>
  );
}
