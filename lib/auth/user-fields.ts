import { z } from "zod";
import { cleanText } from "@/lib/contracts/text";

// What an account's own fields may hold. Better Auth checks that a name is a
// string and stores whatever string it is; these rules are the app's, applied
// to every user row Better Auth writes (sign-up, update-user).

export const MAX_USER_NAME_CHARS = 100;

// Control characters (a tab, a NUL, an escape) and the bidirectional overrides, which make a name read differently from what it holds.
const UNPRINTABLE = /[\p{Cc}\u202a-\u202e\u2066-\u2069]/u;

export const userNameSchema = cleanText(MAX_USER_NAME_CHARS, `The name is longer than ${MAX_USER_NAME_CHARS} characters.`)
  .trim()
  .min(1, "The name is empty.")
  .refine((name) => !UNPRINTABLE.test(name), "The name holds control characters.");

/** The fields of a user row being written, as Better Auth hands them to a database hook; a name comes back trimmed. */
export const userFieldsSchema = z.looseObject({
  name: z.string({ error: "The name must be text." }).pipe(userNameSchema).optional(),
  // The app shows no pictures of people: there is nothing to set.
  image: z.null({ error: "This app keeps no profile pictures." }).optional(),
});
