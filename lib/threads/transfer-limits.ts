// How big a thread file may be, in one place for the server, the import
// screen (which checks the size before uploading) and the documentation.

/** The largest thread file an upload may send: a long thread with tool parts runs to a few MB. */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

/** The most messages one thread file may hold. */
export const MAX_IMPORT_MESSAGES = 100_000;
