/**
 * First things to say in an empty thread, each one a message the agent can
 * act on at once: facts it files into memory, a question it answers from
 * memory. Picking one sends it.
 */
export const SUGGESTED_PROMPTS = [
  "Our rent is $2,350 a month and the lease renews on March 1.",
  "We buy our coffee beans from Bayou Roasters at $14 a pound.",
  "What do you remember about our suppliers?",
  "Help me plan the next three months for the business.",
] as const;

export function SuggestedPrompts({ onPick, disabled }: { onPick: (text: string) => void; disabled: boolean }) {
  return (
    <section aria-labelledby="suggested-heading" className="mx-auto mt-12 max-w-xl text-center" data-testid="suggested-prompts">
      <h2 id="suggested-heading" className="text-sm font-medium text-slate-700">
        Say hello, or tell the agent about your business. To start:
      </h2>
      <ul className="mt-3 grid gap-2 sm:grid-cols-2">
        {SUGGESTED_PROMPTS.map((prompt) => (
          <li key={prompt}>
            <button
              type="button"
              disabled={disabled}
              onClick={() => onPick(prompt)}
              className="h-full w-full rounded-lg bg-white px-3 py-2 text-left text-sm text-slate-700 shadow-sm ring-1 ring-slate-200 hover:ring-indigo-300 disabled:opacity-60"
              data-testid="suggested-prompt"
            >
              {prompt}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
