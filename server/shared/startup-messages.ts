// The strings of the start-up script, apart from messages.ts so that every page loads only these few.
export const WAITED_TOO_LONG = 'Waited more than 10 attempts';
export const SUBMITTING = 'Submitting...';
export const LINK_COPIED = 'Link Copied';
export const COPY_LINK = 'Copy Link';
export const SHOW_MORE = 'Show More';
export const SHOW_LESS = 'Show Less';
// Password show/hide toggle (spec 2 §5); the view renders SHOW_PASSWORD, the start-up script flips it.
export const SHOW_PASSWORD = 'Show';
export const HIDE_PASSWORD = 'Hide';
