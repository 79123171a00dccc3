import Link from "next/link";

export function NotFoundCard({ title, message }: { title: string; message: string }) {
  return (
    <div className="mx-auto mt-16 max-w-md rounded-lg bg-white p-6 text-sm shadow-sm ring-1 ring-slate-200">
      <h1 className="text-base font-semibold">{title}</h1>
      <p className="mt-2 text-slate-600">{message}</p>
      <Link href="/" className="mt-4 inline-block font-medium text-indigo-700 hover:underline">
        Back to the chat
      </Link>
    </div>
  );
}
