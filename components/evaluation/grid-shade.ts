// The position grid's colours: a cell shaded by the share answered right,
// with text that stays readable (WCAG 2 contrast of at least 4.5:1) at any share.

const INDIGO = [79, 70, 229] as const;

/** A cell's background: indigo over white, as strong as the share answered right (0% a faint wash, 100% full). */
export function shadeOf(rate: number): [number, number, number] {
  const strength = 0.06 + 0.94 * rate;
  const [r, g, b] = INDIGO.map((c) => Math.round(c * strength + 255 * (1 - strength)));
  return [r, g, b];
}

/** WCAG 2's relative luminance of a colour. */
function luminance(rgb: readonly number[]): number {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2's contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: readonly number[], b: readonly number[]): number {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

const WHITE = [255, 255, 255] as const;
const BLACK = [0, 0, 0] as const;

/**
 * White or black text, whichever contrasts more with the background: one of
 * the two always reaches 4.5:1 (the least is 4.58, at the middle shades),
 * which no fixed threshold between white and a grey does.
 */
export function textOn(rgb: readonly number[]): "white" | "black" {
  return contrastRatio(WHITE, rgb) >= contrastRatio(BLACK, rgb) ? "white" : "black";
}
