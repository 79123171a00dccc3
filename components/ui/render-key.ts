/**
 * A key for the part of a server-rendered list that the browser extends
 * (load more): new on every server render, so after a change re-renders the
 * list (a correction, a deletion, a review) the facts loaded before start
 * over instead of showing what they were.
 */
export const renderKey = () => String(performance.now());
