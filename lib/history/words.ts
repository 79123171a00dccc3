// The words of free text that can find something: letters and digits of any
// script, lowercased, with English function words dropped. Other languages
// keep all their words; a text of nothing but stop words keeps them all, so
// a query never becomes empty just for being short.

const STOP_WORDS = new Set(
  (
    "a an the and or but if of to in on at for with about from by as into onto over under than then so too very just also " +
    "is are was were be been being am do does did doing done have has had having i me my mine we us our ours you your yours " +
    "he him his she her it its they them their this that these those what which who whom whose when where why how there here " +
    "can could would should will shall may might must not no any some all each every much many more most again still ever " +
    "now up out off let lets let's i'm i've i'll i'd we're we've we'll we'd you're you've you'll you'd it's it'll they're " +
    "don't didn't doesn't isn't aren't wasn't won't can't couldn't what's who's where's when's how's that's there's " +
    "ok okay get got go going gonna wanna per via remind tell told say said know remember recall again please thanks"
  ).split(" "),
);

/** Distinct words in order of first appearance, at most `max`. */
export function contentWords(text: string, max: number): string[] {
  const all = [...new Set(text.toLowerCase().replace(/[’‘]/g, "'").match(/[\p{L}\p{N}]+(?:'[\p{L}]+)?/gu) ?? [])];
  const content = all.filter((w) => !STOP_WORDS.has(w));
  // A possessive or contraction is searched as its stem: "owner's" finds "owner".
  const bare = (content.length > 0 ? content : all).map((w) => w.replace(/'.*$/, "")).filter(Boolean);
  return [...new Set(bare)].slice(0, max);
}
