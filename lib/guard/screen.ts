import type { Screen } from "episodic-buffer";
import { neutralise, scanForInjection, type ScanResult } from "@/lib/guard/scan";
import { rememberRecent } from "@/lib/recently-used";

// The one choke point between stored text and a model prompt. Everything the
// app stored and now shows a model — fact text and keys, page and thread
// titles, episode gists, tool results, recalled sections, summaries, the
// agent's own earlier replies — passes `screen`, which flattens it, scans it
// for injected instructions and records what it held back, so the turn's
// trace can show exactly what was dropped and why.

export const STORED_TEXT_KINDS = [
  "fact",
  "fact-key",
  "page-title",
  "thread-title",
  "business-name",
  "gist",
  "tool-result",
  "summary",
  "reply",
] as const;
export type StoredTextKind = (typeof STORED_TEXT_KINDS)[number];

export type WithheldText = { what: StoredTextKind; text: string; reasons: string[] };

/** What stands in for a withheld value inside a tool result, so the model knows something was there. */
export const WITHHELD = "[withheld: flagged by the injection scan]";

/**
 * The scan is a pure function of the text and costs tens of microseconds to
 * milliseconds a string; a turn screens its whole window, of which all but
 * the newest messages were screened the turn before, so recent results are
 * kept rather than rescanned.
 */
const RECENT_SCANS = 2_000;
const recentScan = rememberRecent(RECENT_SCANS, scanForInjection);

function scanRemembered(text: string): ScanResult {
  const result = recentScan(text);
  return { flagged: result.flagged, reasons: [...result.reasons] };
}

/** One prompt's screening: every call goes through the same scan and lands in the same record. */
export class PromptScreen {
  readonly withheld: WithheldText[] = [];

  /** The text flattened to one line, or null when it scans as an injection (recorded). */
  screen(what: StoredTextKind, text: string): string | null {
    const scan = this.scan(what, text);
    return scan.flagged ? null : neutralise(text);
  }

  /** Like `screen`, but a flagged value is replaced by a marker instead of vanishing. */
  screenOrMark(what: StoredTextKind, text: string): string {
    return this.screen(what, text) ?? WITHHELD;
  }

  /** Scans without flattening, for callers that drop a whole line when any of its parts is flagged. */
  scan(what: StoredTextKind, text: string): ScanResult {
    const result = scanRemembered(text);
    if (result.flagged) this.withheld.push({ what, text: neutralise(text), reasons: result.reasons });
    return result;
  }

  /** Every string inside a tool result, screened; structure and non-string values are kept. */
  screenValue<T>(what: StoredTextKind, value: T): T {
    if (typeof value === "string") return this.screenOrMark(what, value) as T;
    if (Array.isArray(value)) return value.map((item) => this.screenValue(what, item)) as T;
    if (value && typeof value === "object") {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.screenValue(what, v)])) as T;
    }
    return value;
  }
}

/** A prompt's screen as the episodic-buffer package takes it: the same scan, recorded in the same place, and the app's own flattening. */
export function bufferScreen(screen: PromptScreen): Screen {
  return { scan: (text, what) => screen.scan(what, text), flatten: neutralise };
}

/** The scan and the flattening as the episodic-buffer package takes them, for model-written text checked before it is stored. */
export const injectionScreen: Screen = { scan: (text) => scanForInjection(text), flatten: neutralise };
