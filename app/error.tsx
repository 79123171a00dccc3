"use client";

export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div role="alert" className="mx-auto mt-16 max-w-md rounded-lg bg-white p-6 text-sm shadow-sm ring-1 ring-red-200">
      <h1 className="text-base font-semibold text-red-800">This screen could not load</h1>
      <p className="mt-2 text-slate-600">
        Nothing you saved is lost. {error.digest ? `Reference: ${error.digest}.` : ""}
      </p>
      <button type="button" onClick={reset} className="mt-4 rounded-md bg-indigo-600 px-3 py-1.5 font-medium text-white hover:bg-indigo-500">
        Try again
      </button>
    </div>
  );
}
