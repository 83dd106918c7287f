// Pure rules of the unread-messages badge in the header (spec 2 §2).

export const UNREAD_COUNT_URL = '/api/messages/unread-count';
/** The badge asks the server for the count this often while the page is visible. */
export const UNREAD_POLL_MS = 30_000;
/** Window event other widgets (the chat) dispatch with `detail.count` to update the badge now. */
export const UNREAD_COUNT_EVENT = 'unread-count';
/** Above this the badge reads '99+'. */
export const MAX_SHOWN_COUNT = 99;

export interface UnreadBadgeProps {
  count: number;
}

/** A count is a whole number of messages, zero or more. */
export function isUnreadCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

/** The badge's text: '' when there is nothing unread (the badge is hidden), '99+' above 99. */
/** The phone menu's Messages link says the count in brackets: ' (3)', or nothing. */
export const drawerCountText = (count: number): string => (count > 0 ? ` (${badgeText(count)})` : '');

export function badgeText(count: number): string {
  if (count <= 0) return '';
  return count > MAX_SHOWN_COUNT ? `${MAX_SHOWN_COUNT}+` : String(count);
}

export function parseUnreadBadgeProps(raw: Record<string, unknown>): UnreadBadgeProps {
  if (!isUnreadCount(raw.count)) throw new TypeError('unread-badge needs a count of zero or more');
  return { count: raw.count };
}

/** The count in an answer of GET /api/messages/unread-count (`{ "numUnreadMessages": n }`). */
export function countFromResponse(body: unknown): number | null {
  const count = (body as { numUnreadMessages?: unknown } | null)?.numUnreadMessages;
  return isUnreadCount(count) ? count : null;
}

/** The count an `unread-count` event carries, or null. */
export function countFromEvent(event: Event): number | null {
  const count = (event as CustomEvent<{ count?: unknown } | null>).detail?.count;
  return isUnreadCount(count) ? count : null;
}
