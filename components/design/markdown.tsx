import type { ReactNode } from "react";

// Just enough Markdown for the repository's own design document (headings,
// paragraphs, lists, quotes, code blocks; code, bold and links inline),
// rendered as React elements: the text is never treated as HTML.

/** GitHub's heading anchors: "§06.3 The read path" → "063-the-read-path", so links work in the repository and here. */
export function headingId(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, "")
    .trim()
    .replace(/\s/g, "-");
}

function inline(text: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  const pattern = /`([^`]+)`|\*\*([^*]+)\*\*|\[([^\]]+)\]\(([^)]+)\)/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    nodes.push(text.slice(last, match.index));
    const key = match.index;
    if (match[1] !== undefined) nodes.push(<code key={key} className="rounded bg-slate-100 px-1 text-[0.9em]">{match[1]}</code>);
    else if (match[2] !== undefined) nodes.push(<strong key={key}>{inline(match[2])}</strong>);
    else if (match[4].startsWith("#")) nodes.push(<a key={key} href={match[4]} className="text-indigo-700 underline underline-offset-2">{inline(match[3])}</a>);
    // A link to another file of the repository names the file instead: this page is not where it lives.
    else nodes.push(<span key={key}>{inline(match[3])} (<code className="rounded bg-slate-100 px-1 text-[0.9em]">docs/{match[4]}</code>)</span>);
    last = match.index + match[0].length;
  }
  nodes.push(text.slice(last));
  return nodes;
}

type Block = { kind: "h2" | "h3" | "p" | "quote" | "code"; text: string } | { kind: "ul" | "ol"; items: string[] };

function blocks(markdown: string): Block[] {
  const out: Block[] = [];
  const lines = markdown.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.startsWith("```")) {
      const body: string[] = [];
      while (++i < lines.length && !lines[i].startsWith("```")) body.push(lines[i]);
      out.push({ kind: "code", text: body.join("\n") });
    } else if (line.startsWith("### ")) out.push({ kind: "h3", text: line.slice(4) });
    else if (line.startsWith("## ")) out.push({ kind: "h2", text: line.slice(3) });
    else if (/^(- |\d+\. )/.test(line)) {
      const kind = line.startsWith("- ") ? "ul" : "ol";
      const items = [line.replace(/^(- |\d+\. )/, "")];
      while (i + 1 < lines.length && /^(\s+\S|- |\d+\. )/.test(lines[i + 1])) {
        const next = lines[++i];
        if (/^(- |\d+\. )/.test(next)) items.push(next.replace(/^(- |\d+\. )/, ""));
        else items[items.length - 1] += ` ${next.trim()}`;
      }
      out.push({ kind, items });
    } else if (line.startsWith("> ")) {
      const text = [line.slice(2)];
      while (i + 1 < lines.length && lines[i + 1].startsWith("> ")) text.push(lines[++i].slice(2));
      out.push({ kind: "quote", text: text.join(" ") });
    } else if (line.trim() && !line.startsWith("# ")) {
      const text = [line];
      while (i + 1 < lines.length && lines[i + 1].trim() && !/^(#|- |\d+\. |> |```)/.test(lines[i + 1])) text.push(lines[++i]);
      out.push({ kind: "p", text: text.join(" ") });
    }
  }
  return out;
}

export function Markdown({ source }: { source: string }) {
  return (
    <div className="max-w-3xl space-y-3 text-sm leading-relaxed text-slate-800">
      {blocks(source).map((block, i) => {
        switch (block.kind) {
          case "h2":
            return <h2 key={i} id={headingId(block.text)} className="scroll-mt-4 pt-4 text-lg font-semibold text-slate-900">{block.text}</h2>;
          case "h3":
            return <h3 key={i} id={headingId(block.text)} className="scroll-mt-4 pt-2 text-base font-semibold text-slate-900">{block.text}</h3>;
          case "code":
            // Focusable, so a keyboard can scroll a wide block sideways.
            return <pre key={i} tabIndex={0} className="overflow-x-auto rounded-md bg-slate-900 p-3 text-xs text-slate-100">{block.text}</pre>;
          case "quote":
            return <blockquote key={i} className="border-l-4 border-indigo-200 pl-3 text-slate-700">{inline(block.text)}</blockquote>;
          case "ul":
          case "ol": {
            const List = block.kind;
            return (
              <List key={i} className={`space-y-1 pl-5 ${block.kind === "ul" ? "list-disc" : "list-decimal"}`}>
                {block.items.map((item, j) => <li key={j}>{inline(item)}</li>)}
              </List>
            );
          }
          default:
            return <p key={i}>{inline(block.text)}</p>;
        }
      })}
    </div>
  );
}
