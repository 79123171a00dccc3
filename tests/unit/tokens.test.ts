import { describe, expect, it } from "vitest";
import { countMessageTokens, countTokens, MESSAGE_OVERHEAD_TOKENS, REPLY_PRIMING_TOKENS } from "@/lib/models/tokens";

describe("countTokens (o200k_base)", () => {
  it("matches known counts", () => {
    expect(countTokens("hello world")).toBe(2);
    expect(countTokens("The quick brown fox jumps over the lazy dog.")).toBe(10);
    expect(countTokens("")).toBe(0);
  });

  it("counts special-token text as ordinary text instead of throwing", () => {
    expect(countTokens("<|endoftext|>")).toBeGreaterThan(1);
  });
});

describe("countMessageTokens", () => {
  it("adds framing per message and the reply priming once", () => {
    expect(countMessageTokens([])).toBe(REPLY_PRIMING_TOKENS);
    // "user" is one token, "hello world" two.
    expect(countMessageTokens([{ role: "user", content: "hello world" }])).toBe(REPLY_PRIMING_TOKENS + MESSAGE_OVERHEAD_TOKENS + 1 + 2);
    expect(countMessageTokens([{ role: "user", content: "hello world" }])).toBe(9);
  });

  it("grows by each message's own cost", () => {
    const one = [{ role: "system", content: "You are helpful." }];
    const two = [...one, { role: "user", content: "Which lease did we like?" }];
    expect(countMessageTokens(two) - countMessageTokens(one)).toBe(
      MESSAGE_OVERHEAD_TOKENS + countTokens("user") + countTokens("Which lease did we like?"),
    );
  });
});
