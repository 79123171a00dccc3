// How a support reply says that nothing the business published answers the
// customer: it opens with a mark the turn strips before anyone reads it, so
// the customer is told the business will be asked and the question reaches
// the owner's "Unanswered questions". The support persona tells every model
// so; the offline model reads the persona's first line to know it speaks to
// a customer.

/** The persona's opening line in a customer's chat, which no owner prompt carries. */
export const CUSTOMER_CHAT_LINE = "You are talking with a customer of the business, not with its owner.";

/** The mark a support reply opens with when nothing published answers. */
export const ASK_THE_BUSINESS = "[ASK THE BUSINESS]";

/** Whether a system prompt is a customer's chat's. */
export function isCustomerChat(system: string): boolean {
  return system.split("\n").some((line) => line.trim() === CUSTOMER_CHAT_LINE);
}

/** A reply that hands the customer's question to the business. */
export function formatAskTheBusiness(reply: string): string {
  return `${ASK_THE_BUSINESS} ${reply}`;
}

/** The reply without its mark, and whether it carried one (anywhere: a model may put it last). */
export function parseAskTheBusiness(reply: string): { asked: boolean; text: string } {
  const asked = reply.includes(ASK_THE_BUSINESS);
  return { asked, text: asked ? reply.split(ASK_THE_BUSINESS).join(" ").replace(/[ \t]{2,}/g, " ").trim() : reply };
}
