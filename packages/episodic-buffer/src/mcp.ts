// A memory reachable by other agents over MCP: the records the buffer's lines
// point at, the exact words of a thread, the buffer a thread shows now and
// its timeline, read-only. What a caller may see is the reader's to decide
// (who the caller is, which workspace, which audience); this file only shapes
// the tools, validates their input and turns refusals into tool errors.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";

/** A request the reader refuses for a reason the caller can act on (not found, not allowed); it reaches the client as a tool error with this message. */
export class MemoryRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MemoryRefusal";
  }
}

const threadId = z.string().min(1).max(64).describe("A thread's id, as list_threads gives it.");

/** Each tool's description and input, bounded so no input is unbounded work. */
export const MEMORY_TOOLS = {
  list_threads: {
    description: "List the conversation threads this memory holds, newest first, with their ids for the other tools.",
    inputSchema: { limit: z.number().int().min(1).max(100).optional().describe("How many threads, 1 to 100; 20 unless given.") },
  },
  read_page: {
    description:
      "Open a topic page of long-term memory, e.g. one a buffer line was filed in (\"pages/Second Location\" is the page \"Second Location\"). Returns its facts with their status and where each came from.",
    inputSchema: { title: z.string().min(1).max(200).describe("The page's title, with or without the 'pages/' prefix.") },
  },
  search_chat_history: {
    description: "Find words in a thread's messages, including those far older than any window. Returns the best-matching messages with their date and #number.",
    inputSchema: {
      threadId,
      query: z.string().min(1).max(500).describe("The words to find."),
      limit: z.number().int().min(1).max(20).optional().describe("How many matches, 1 to 20."),
    },
  },
  thread_buffer: {
    description:
      "The thread's episodic buffer as its agent would see it on the next turn: the block of lines placed before the oldest windowed message, each line's stretch and pages, and where a gap was left.",
    inputSchema: { threadId },
  },
  timeline: {
    description: "A thread's episode lines, oldest first, each with the messages it covers and the pages it points at; pass nextAfterSeq back as afterSeq for more.",
    inputSchema: {
      threadId,
      afterSeq: z.number().int().min(0).max(2_000_000_000).optional().describe("Continue after the line ending at this message."),
    },
  },
} as const;

type Args<Name extends keyof typeof MEMORY_TOOLS> = { [K in keyof (typeof MEMORY_TOOLS)[Name]["inputSchema"]]: z.infer<(typeof MEMORY_TOOLS)[Name]["inputSchema"][K]> };
type Answer = Promise<Record<string, unknown>>;

/** What the server reads through: each call answers plain JSON, or throws MemoryRefusal. */
export interface MemoryReader {
  listThreads(args: Args<"list_threads">): Answer;
  readPage(args: Args<"read_page">): Answer;
  searchChatHistory(args: Args<"search_chat_history">): Answer;
  threadBuffer(args: Args<"thread_buffer">): Answer;
  timeline(args: Args<"timeline">): Answer;
}

export type MemoryServerOptions = {
  name?: string;
  version?: string;
  /** Told of a failure that is not a refusal (the client is told only that the memory could not be read). */
  onError?: (error: unknown, tool: keyof typeof MEMORY_TOOLS) => void;
};

export const READ_FAILED = "The memory could not be read; the server logged why.";

/** An MCP server with the memory's five read-only tools over `reader`; connect it to a stdio or HTTP transport. */
export function createMemoryServer(reader: MemoryReader, { name = "episodic-buffer", version = "0.1.0", onError }: MemoryServerOptions = {}): McpServer {
  const server = new McpServer({ name, version });
  const answer = async (tool: keyof typeof MEMORY_TOOLS, read: () => Answer): Promise<CallToolResult> => {
    try {
      const value = await read();
      return { content: [{ type: "text", text: JSON.stringify(value, null, 2) }], structuredContent: value };
    } catch (error) {
      if (!(error instanceof MemoryRefusal)) onError?.(error, tool);
      return { isError: true, content: [{ type: "text", text: error instanceof MemoryRefusal ? error.message : READ_FAILED }] };
    }
  };
  const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
  const { list_threads, read_page, search_chat_history, thread_buffer, timeline } = MEMORY_TOOLS;
  server.registerTool("list_threads", { ...list_threads, annotations: readOnly }, (args) => answer("list_threads", () => reader.listThreads(args)));
  server.registerTool("read_page", { ...read_page, annotations: readOnly }, (args) => answer("read_page", () => reader.readPage(args)));
  server.registerTool("search_chat_history", { ...search_chat_history, annotations: readOnly }, (args) =>
    answer("search_chat_history", () => reader.searchChatHistory(args)),
  );
  server.registerTool("thread_buffer", { ...thread_buffer, annotations: readOnly }, (args) => answer("thread_buffer", () => reader.threadBuffer(args)));
  server.registerTool("timeline", { ...timeline, annotations: readOnly }, (args) => answer("timeline", () => reader.timeline(args)));
  return server;
}
