"use client";

import { useState, type KeyboardEvent } from "react";
import { MAX_MESSAGE_CHARS } from "@/lib/threads/schemas";

/** The message box; while a reply streams, `onStop` (when given) turns Send into Stop, which ends the reply where it is. */
export function Composer({
  disabled,
  onSend,
  onStop,
  placeholder = "Message the agent (Enter sends, Shift+Enter for a new line)",
}: {
  disabled: boolean;
  onSend: (text: string) => void;
  onStop?: () => void;
  placeholder?: string;
}) {
  const [text, setText] = useState("");
  const trimmed = text.trim();
  const tooLong = text.length > MAX_MESSAGE_CHARS;

  function send() {
    if (!trimmed || disabled || tooLong) return;
    onSend(trimmed);
    setText("");
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  }

  return (
    <form
      className="border-t border-slate-200 bg-white px-6 py-4"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <label htmlFor="composer" className="sr-only">
        Message
      </label>
      <div className="flex items-end gap-3">
        <textarea
          id="composer"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          rows={2}
          placeholder={placeholder}
          className="min-h-12 flex-1 resize-y rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-indigo-500"
          data-testid="composer"
        />
        {disabled && onStop ? (
          <button
            type="button"
            onClick={onStop}
            className="rounded-md bg-slate-700 px-4 py-2 text-sm font-medium text-white hover:bg-slate-600"
            data-testid="stop"
          >
            Stop
          </button>
        ) : (
          <button
            type="submit"
            disabled={disabled || !trimmed || tooLong}
            className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-500 disabled:opacity-50"
            data-testid="send"
          >
            Send
          </button>
        )}
      </div>
      {tooLong && <p className="mt-1 text-xs text-red-600">The message is longer than {MAX_MESSAGE_CHARS} characters.</p>}
    </form>
  );
}
