// Markup that a renderer would act on: images and links that fetch, scripts, frames, handlers, code fences.

import { type Rule, alt, r, rule } from "@/lib/guard/rules/vocabulary";

export const MARKUP_RULES: Rule[] = [
  rule("markup", r`!\[[^[\]]*\]\s*\(|\[[^[\]]*\]\(\s*[^)\s]+\s*\)`),
  rule("markup", r`</?[a-z][\w-]*(?:\s[^<>]*)?/?>`),
  rule("markup", r`<\s*${alt("img", "script", "iframe", "svg", "object", "embed", "link", "meta", "base", "form", "style", "video", "audio", "source", "frame", "frameset", "body", "span", "div", r`a\s+href`)}\b`),
  rule("markup", r`\bon${alt("error", "load", "click", "mouseover", "focus", "begin")}\s*=|\b${alt("src", "href", "srcset", "formaction", "style")}\s*=|<!--|\x60{3}`),
];
