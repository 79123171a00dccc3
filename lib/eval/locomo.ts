// Importer for LoCoMo (Maharana et al., 2024), a public set of long,
// multi-session conversations with questions whose evidence is marked turn by
// turn. It lets the evaluation run on conversations nobody here wrote.
//
// Mapping: both LoCoMo speakers are people whose words are the record, and
// the questions ask about both. So both become owner messages (the speaker
// the memory pass trusts and files; agent words would wait as pending),
// each prefixed with the speaker's name so the record says who said it.
// The question is asked by the owner too. A shared photo becomes text:
// "[shares a photo: <BLIP caption>]", since some answers are only in it.

import { z } from "zod";
import { formatIssuePath } from "@/lib/eval/issue-path";
import { monthNumber } from "@/lib/eval/months";

export class LocomoFormatError extends Error {
  override name = "LocomoFormatError";
}

export type LocomoTurn = { speaker: string; diaId: string; text: string; caption: string | null };

export type LocomoSession = {
  number: number;
  /** As written in the data, e.g. "1:56 pm on 8 May, 2023"; null when the session has none. */
  dateTime: string | null;
  turns: LocomoTurn[];
};

export type LocomoQa = {
  question: string;
  /** For adversarial items this is the trap: an answer containing it is wrong; the right reply says it never came up. */
  answer: string;
  /** Category 5: the question asks about something the conversation never said. */
  adversarial: boolean;
  evidence: string[];
  category: number;
};

export type LocomoSample = {
  sampleId: string;
  speakerA: string;
  speakerB: string;
  /** In numeric order of their session_<n> keys. */
  sessions: LocomoSession[];
  qa: LocomoQa[];
};

export type EvalConversation = {
  id: string;
  messages: Array<{ speaker: "owner" | "agent"; speakerName: string; text: string; at: string; diaId: string }>;
  questions: Array<{
    question: string;
    /** As in LocomoQa: for adversarial items, the trap. */
    answer: string;
    adversarial: boolean;
    category: number;
    /** Indexes into messages; evidence ids that name no turn are dropped. */
    evidenceIndexes: number[];
    /** True when there is evidence and all of it is older than the last `window` messages. */
    evidenceOutsideWindow: boolean;
  }>;
};

const ADVERSARIAL_CATEGORY = 5;

// Numeric answers (years, counts) appear in the data; they are compared as text.
const answerText = z.union([z.string(), z.number()]).transform(String);

// Ids are matched loosely (dialogueKeys), so an odd one in the data does not stop the import.
const turnSchema = z.object({
  speaker: z.string().min(1),
  dia_id: z.string().regex(/D\s*\d+\s*:\s*\d+/i, 'expected a dialogue id like "D1:3"'),
  text: z.string(),
  blip_caption: z.string().nullish(),
});

// Category 5 items carry adversarial_answer in place of answer.
const qaSchema = z
  .object({
    question: z.string().min(1),
    answer: answerText.optional(),
    adversarial_answer: answerText.optional(),
    evidence: z.array(z.string()).default([]),
    category: z.number().int().min(1),
  })
  .transform((qa, ctx): LocomoQa => {
    const adversarial = qa.category === ADVERSARIAL_CATEGORY;
    const answer = adversarial ? (qa.adversarial_answer ?? qa.answer) : qa.answer;
    if (answer === undefined) {
      const field = adversarial ? "adversarial_answer" : "answer";
      ctx.addIssue({ code: "custom", path: [field], message: `required for a category ${qa.category} item` });
      return z.NEVER;
    }
    return { question: qa.question, answer, adversarial, evidence: qa.evidence, category: qa.category };
  });

const sampleSchema = z.object({
  sample_id: z.union([z.string().min(1), z.number()]).transform(String),
  conversation: z.looseObject({ speaker_a: z.string().min(1), speaker_b: z.string().min(1) }),
  qa: z.array(qaSchema),
});

const SESSION_KEY = /^session_(\d+)$/;

function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown, label: string, at: ReadonlyArray<PropertyKey> = []): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${formatIssuePath([...at, ...issue.path]) || "(root)"}: ${issue.message}`);
  throw new LocomoFormatError(`LoCoMo ${label}: ${problems.join("; ")}`);
}

function sampleLabel(raw: unknown, index: number): string {
  const id = typeof raw === "object" && raw !== null && "sample_id" in raw ? raw.sample_id : undefined;
  return typeof id === "string" || typeof id === "number" ? `sample "${id}"` : `sample #${index}`;
}

function parseSessions(conversation: Record<string, unknown>, speakers: string[], label: string): LocomoSession[] {
  const sessions = Object.keys(conversation)
    .flatMap((key) => {
      const match = SESSION_KEY.exec(key);
      return match ? [{ key, number: Number(match[1]) }] : [];
    })
    .sort((x, y) => x.number - y.number)
    .map(({ key, number }): LocomoSession => {
      const turns = parseOrThrow(z.array(turnSchema), conversation[key], label, ["conversation", key]);
      turns.forEach((turn, i) => {
        if (!speakers.includes(turn.speaker)) {
          throw new LocomoFormatError(
            `LoCoMo ${label}: conversation.${key}[${i}].speaker: "${turn.speaker}" is neither speaker_a nor speaker_b (${speakers.map((s) => `"${s}"`).join(", ")})`,
          );
        }
      });
      const dateKey = `${key}_date_time`;
      const dateTime = parseOrThrow(z.string().optional(), conversation[dateKey], label, ["conversation", dateKey]) ?? null;
      return {
        number,
        dateTime,
        turns: turns.map((t) => ({ speaker: t.speaker, diaId: t.dia_id, text: t.text, caption: t.blip_caption?.trim() || null })),
      };
    });
  if (sessions.length === 0) throw new LocomoFormatError(`LoCoMo ${label}: conversation has no session_<n> lists`);
  return sessions;
}

/** Validates LoCoMo JSON (the top-level list of samples); unknown keys such as img_url are ignored. */
export function parseLocomo(json: unknown): LocomoSample[] {
  if (!Array.isArray(json)) throw new LocomoFormatError("LoCoMo data must be a list of samples");
  return json.map((raw, index) => {
    const label = sampleLabel(raw, index);
    const sample = parseOrThrow(sampleSchema, raw, label);
    const { speaker_a: speakerA, speaker_b: speakerB } = sample.conversation;
    return {
      sampleId: sample.sample_id,
      speakerA,
      speakerB,
      sessions: parseSessions(sample.conversation, [speakerA, speakerB], label),
      qa: sample.qa,
    };
  });
}

/** "1:56 pm on 8 May, 2023" as UTC (the data gives no zone); null when it does not read that way. */
export function parseLocomoDate(text: string): Date | null {
  const match = /^(\d{1,2}):(\d{2})\s*(am|pm)\s+on\s+(\d{1,2})\s+([a-z]+)\.?,?\s+(\d{4})$/i.exec(text.trim());
  if (!match) return null;
  const [, hour, minute, half, day, monthName, year] = match;
  const month = monthNumber(monthName);
  const h = Number(hour);
  if (month === undefined || h < 1 || h > 12 || Number(minute) > 59) return null;
  const date = new Date(Date.UTC(Number(year), month - 1, Number(day), (h % 12) + (half.toLowerCase() === "pm" ? 12 : 0), Number(minute)));
  // Date.UTC rolls "31 April" over into May; such a date was not a real one.
  return date.getUTCDate() === Number(day) ? date : null;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
// Where synthetic dates start when even the first session has no readable date.
const FALLBACK_START = Date.UTC(2023, 0, 1, 12);

/**
 * Session start times: parsed where possible, otherwise a day after the
 * previous session, so message times always move forward.
 */
function sessionStarts(sessions: readonly LocomoSession[]): number[] {
  const starts: number[] = [];
  for (const session of sessions) {
    const parsed = session.dateTime === null ? null : parseLocomoDate(session.dateTime);
    const previous = starts.at(-1);
    starts.push(parsed?.getTime() ?? (previous === undefined ? FALLBACK_START : previous + DAY));
  }
  return starts;
}

/** "D01:5" and "D1:05" name the same turn; one evidence string may hold several ids ("D8:6; D9:17"). */
function dialogueKeys(text: string): string[] {
  return [...text.matchAll(/D\s*(\d+)\s*:\s*(\d+)/gi)].map(([, session, turn]) => `${Number(session)}:${Number(turn)}`);
}

/** "Caroline: Look at this! [shares a photo: a dog on a beach]" */
export function turnText(turn: LocomoTurn): string {
  const photo = turn.caption ? `[shares a photo: ${turn.caption}]` : "";
  return `${turn.speaker}: ${[turn.text.trim(), photo].filter(Boolean).join(" ")}`;
}

/**
 * One LoCoMo sample as a thread: sessions in order, one message per turn.
 * LoCoMo dates sessions, not turns, so turns are spaced a minute apart from
 * the session's start.
 */
export function toEvalConversation(sample: LocomoSample, options: { window: number }): EvalConversation {
  const { window } = options;
  if (!Number.isInteger(window) || window < 1) throw new RangeError(`window must be a positive integer, got ${window}`);
  const starts = sessionStarts(sample.sessions);
  const messages = sample.sessions.flatMap((session, s) =>
    session.turns.map((turn, t) => ({
      speaker: "owner" as const,
      speakerName: turn.speaker,
      text: turnText(turn),
      at: new Date(starts[s] + t * MINUTE).toISOString(),
      diaId: turn.diaId,
    })),
  );
  const indexByKey = new Map<string, number>();
  messages.forEach((m, i) => {
    const [key] = dialogueKeys(m.diaId);
    if (!indexByKey.has(key)) indexByKey.set(key, i);
  });
  const windowStart = messages.length - window;

  return {
    id: sample.sampleId,
    messages,
    questions: sample.qa.map((qa) => {
      const evidenceIndexes = [
        ...new Set(qa.evidence.flatMap(dialogueKeys).flatMap((key) => indexByKey.get(key) ?? [])),
      ].sort((x, y) => x - y);
      return {
        question: qa.question,
        answer: qa.answer,
        adversarial: qa.adversarial,
        category: qa.category,
        evidenceIndexes,
        evidenceOutsideWindow: evidenceIndexes.length > 0 && evidenceIndexes.every((i) => i < windowStart),
      };
    }),
  };
}
