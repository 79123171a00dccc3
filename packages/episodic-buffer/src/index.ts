// The episodic buffer for any agent (design §04): each stretch of
// conversation that scrolls out of the window becomes one short line naming
// the memory records it was filed into, shown to the model before its oldest
// windowed message. Pure rules over plain data, a small storage interface,
// and an AI SDK middleware; the MCP server is in "episodic-buffer/mcp", the
// PostgreSQL store in "episodic-buffer/postgres".
export * from "./block.ts";
export * from "./memory.ts";
export * from "./middleware.ts";
export * from "./read.ts";
export * from "./render.ts";
export * from "./select.ts";
export * from "./store.ts";
export * from "./text.ts";
export type * from "./types.ts";
export * from "./write.ts";
