/**
 * A request the app refuses for a reason the caller can fix (unknown thread,
 * bad input, nothing to retry). The HTTP layer turns it into a 4xx with this
 * message; anything else is a 500.
 */
export class RequestError extends Error {
  constructor(
    readonly status: 400 | 404 | 409 | 413 | 422,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
