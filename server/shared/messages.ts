// The spec's user-facing strings, shared by server, widgets and tests.
export const NOT_AUTHORIZED = 'Not Authorized';
export const PLEASE_LOG_IN = 'Please log in to continue';
export const INTERNAL_SERVER_ERROR = 'Internal Server Error';
export const INVALID_ARGUMENTS = 'Invalid Arguments';
export const CSRF_MISMATCH = 'CSRF Token Mismatch';
export const MISSING_ENV = 'Missing required environment variable';
export const WAITED_TOO_LONG = 'Waited more than 10 attempts';
export const SUBMITTING = 'Submitting...';
export const LINK_COPIED = 'Link Copied';
export const COPY_LINK = 'Copy Link';
export const SHOW_MORE = 'Show More';
export const SHOW_LESS = 'Show Less';

export const LOGIN_FAILED = 'That e-mail and password do not match an account.';
export const LOGIN_THROTTLED = 'Too many failed sign-in attempts. Please wait a few minutes and try again.';
export const PASSWORD_REQUIRED = 'Password is required';
export const PASSWORD_TOO_SHORT = 'Password must be at least 6 characters';
export const EMAIL_INVALID = 'Please enter a valid e-mail address';
export const EMAIL_TAKEN = 'An account with that e-mail already exists';
export const NAME_REQUIRED = 'Please enter your name';
export const NO_SUCH_USER = 'No user with that e-mail';
export const READ_ONLY_IMPERSONATION = 'Sub-admin impersonation is read-only';

// Password show/hide toggle (spec 2 §5); the view renders SHOW_PASSWORD, the start-up script flips it.
export const SHOW_PASSWORD = 'Show';
export const HIDE_PASSWORD = 'Hide';
