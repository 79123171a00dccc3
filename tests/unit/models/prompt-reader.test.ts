import type { LanguageModelV4Prompt } from "@ai-sdk/provider";
import { describe, expect, it } from "vitest";
import { BUFFER_HEADER, BUFFER_NOTE } from "@/lib/contracts/prompt/buffer-block";
import { memoryMessageLine } from "@/lib/contracts/prompt/memory-input";
import { memoryPassPrompt } from "@/lib/memory/prompt";
import { offeredTools, promptText, readChatPrompt, readMemoryPrompt } from "@/lib/models/offline/prompt-reader";
import { SHOP_BUFFER, SHOP_LINES, bufferLine, systemWithRecall } from "@/tests/unit/models/fixtures";

const text = (t: string) => [{ type: "text" as const, text: t }];

const chatPrompt: LanguageModelV4Prompt = [
  {
    role: "system",
    content: systemWithRecall([
      {
        title: "Second Location",
        facts: [
          { text: "Budget under $2,500/mo for the Houma location", day: "2026-10-02" },
          { text: "Ask each landlord for 2 months free rent", label: "unconfirmed", source: "agent", day: "2026-10-05" },
        ],
      },
      { title: "Hiring", facts: [{ text: "Hired Dana as manager at $21/hr", day: "2026-10-02" }] },
    ]),
  },
  { role: "system", content: SHOP_BUFFER },
  { role: "user", content: text("The landlord is Pat Greene.") },
  { role: "assistant", content: text("Noted — the landlord is Pat Greene.") },
  { role: "user", content: text("which lease did we like?") },
  { role: "assistant", content: [{ type: "tool-call", toolCallId: "c1", toolName: "read_page", input: { title: "Second Location" } }] },
  {
    role: "tool",
    content: [
      {
        type: "tool-result",
        toolCallId: "c1",
        toolName: "read_page",
        output: { type: "json", value: { title: "Second Location", found: false, facts: [] } },
      },
    ],
  },
];

describe("readChatPrompt", () => {
  const view = readChatPrompt(chatPrompt);

  it("takes the last user message as the question", () => {
    expect(view.question).toBe("which lease did we like?");
  });

  it("reads recalled facts with their page, status, source and day", () => {
    expect(view.recalled).toEqual([
      { page: "Second Location", text: "Budget under $2,500/mo for the Houma location", confirmed: true, source: "owner", day: "2026-10-02" },
      { page: "Second Location", text: "Ask each landlord for 2 months free rent", confirmed: false, source: "agent", day: "2026-10-05" },
      { page: "Hiring", text: "Hired Dana as manager at $21/hr", confirmed: true, source: "owner", day: "2026-10-02" },
    ]);
  });

  it("reads buffer lines with their pointers, skipping the note and the gap marker", () => {
    expect(view.buffer).toEqual(SHOP_LINES);
  });

  it("keeps the window before the question and the tool rounds after it apart", () => {
    expect(view.window).toEqual([
      { speaker: "user", text: "The landlord is Pat Greene." },
      { speaker: "assistant", text: "Noted — the landlord is Pat Greene." },
    ]);
    expect(view.rounds).toEqual([
      { toolName: "read_page", input: { title: "Second Location" }, output: { title: "Second Location", found: false, facts: [] } },
    ]);
  });

  it("reads '+N more', '(nothing filed)' and page titles holding commas", () => {
    const block = [
      BUFFER_HEADER,
      BUFFER_NOTE,
      "- 2026-10-03: Talked flour prices (filed in pages/Suppliers, pages/Flour, Sugar & Salt, +2 more)",
      bufferLine("2026-10-04", "Small talk about the weekend", []),
    ].join("\n");
    const lines = readChatPrompt([{ role: "system", content: block }, { role: "user", content: text("hi") }]).buffer;
    expect(lines.map((l) => l.pages)).toEqual([["Suppliers", "Flour, Sugar & Salt"], []]);
  });

  it("finds no sections when the persona only mentions the headers in prose", () => {
    const view = readChatPrompt([
      { role: "system", content: `Lines under ${BUFFER_HEADER} are your notes.` },
      { role: "user", content: text("hi") },
    ]);
    expect(view.buffer).toEqual([]);
    expect(view.recalled).toEqual([]);
  });
});

describe("readMemoryPrompt", () => {
  it("reads the memory pass prompt the pass's builder writes, through the memory input contract", () => {
    const prompt = memoryPassPrompt({
      messages: [
        { seq: 12, createdAt: new Date("2026-10-02T15:00:00Z"), speaker: "OWNER", text: "Budget is\nunder $2,500/mo." },
        { seq: 13, createdAt: new Date("2026-10-02T15:01:00Z"), speaker: "AGENT", text: "Noted." },
      ],
      before: [{ seq: 10, createdAt: new Date("2026-10-02T14:58:00Z"), speaker: "AGENT", text: "Anything else today?" }],
      earlier: [{ seq: 11, createdAt: new Date("2026-10-02T14:59:00Z"), speaker: "OWNER", text: "Let's plan the second location." }],
      pages: ["Second Location", "Hiring"],
      facts: [{ id: "f1", page: "Second Location", key: "monthly budget", text: "Budget under $2,300/mo.", status: "confirmed", source: "owner" }],
      fold: [],
    });
    expect(readMemoryPrompt([{ role: "user", content: text(prompt) }])).toEqual({
      pages: ["Second Location", "Hiring"],
      facts: [{ id: "f1", page: "Second Location", key: "monthly budget", text: "Budget under $2,300/mo.", status: "confirmed", source: "owner" }],
      before: [{ seq: 10, day: "2026-10-02", speaker: "agent", text: "Anything else today?" }],
      earlier: [{ seq: 11, day: "2026-10-02", speaker: "owner", text: "Let's plan the second location." }],
      messages: [
        { seq: 12, day: "2026-10-02", speaker: "owner", text: "Budget is under $2,500/mo." },
        { seq: 13, day: "2026-10-02", speaker: "agent", text: "Noted." },
      ],
      fold: [],
    });
  });

  it("reads '(none)' as no pages and keeps customer lines marked as such", () => {
    const prompt = memoryPassPrompt({ messages: [], before: [], earlier: [], pages: [], facts: [], fold: [] }).replace(
      /$/,
      `\n${memoryMessageLine({ seq: 3, day: "2026-10-02", speaker: "customer", text: "Refund me $50" })}`,
    );
    expect(readMemoryPrompt([{ role: "user", content: text(prompt) }])).toEqual({
      pages: [],
      facts: [],
      before: [],
      earlier: [],
      messages: [{ seq: 3, day: "2026-10-02", speaker: "customer", text: "Refund me $50" }],
      fold: [],
    });
  });
});

describe("offeredTools", () => {
  const tools = [
    { type: "function" as const, name: "read_page", inputSchema: {} },
    { type: "function" as const, name: "search_chat_history", inputSchema: {} },
  ];

  it("lists the function tools offered", () => {
    expect([...offeredTools({ tools })]).toEqual(["read_page", "search_chat_history"]);
    expect(offeredTools({}).size).toBe(0);
  });

  it("offers none when tool choice forbids them", () => {
    expect(offeredTools({ tools, toolChoice: { type: "none" } }).size).toBe(0);
  });
});

describe("promptText", () => {
  it("includes tool calls and results, so every step of a turn hashes differently", () => {
    const withoutResult = promptText(chatPrompt.slice(0, -1));
    expect(promptText(chatPrompt)).toContain("found");
    expect(promptText(chatPrompt)).not.toBe(withoutResult);
  });
});
