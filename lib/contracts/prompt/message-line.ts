import { DAY } from "@/lib/contracts/prompt/common";

// One message as a memory pass or a summarising call reads it: "#12 2026-10-02 owner: text".

export type MessageLine = { seq: number; day: string; speaker: "owner" | "agent" | "customer"; text: string };

const MESSAGE_LINE = new RegExp(`^#(\\d+) (${DAY}) (owner|agent|customer): (.*)$`);

export function formatMessageLine(message: MessageLine): string {
  return `#${message.seq} ${message.day} ${message.speaker}: ${message.text.replace(/\s+/g, " ").trim()}`;
}

export function parseMessageLine(line: string): MessageLine | null {
  const m = MESSAGE_LINE.exec(line.trim());
  return m ? { seq: Number(m[1]), day: m[2], speaker: m[3] as MessageLine["speaker"], text: m[4] } : null;
}

export function speakerLabel(speaker: "OWNER" | "AGENT" | "CUSTOMER"): MessageLine["speaker"] {
  return speaker === "OWNER" ? "owner" : speaker === "AGENT" ? "agent" : "customer";
}
