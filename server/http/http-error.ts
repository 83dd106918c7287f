/** An error answered with its HTTP status and its message (the spec's user-facing string). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
