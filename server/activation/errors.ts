/** A refusal of the activation flow, with the user-facing message (server/shared/messages.ts). */
export class ActivationError extends Error {
  constructor(
    message: string,
    /** BAD_USER_INPUT, NOT_AUTHORIZED, TOO_MANY_REQUESTS or CONFLICT (the kit changed meanwhile). */
    readonly code: 'BAD_USER_INPUT' | 'NOT_AUTHORIZED' | 'TOO_MANY_REQUESTS' | 'CONFLICT',
    /** The form field the message is about, when there is one. */
    readonly field: string | null = null,
  ) {
    super(message);
  }
}
