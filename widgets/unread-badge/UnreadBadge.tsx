import { useEffect, useState } from 'react';
import { menuButtonLabel } from '../../server/shared/shell-rules';
import { fetchJson } from '../shared/fetch-json';
import {
  badgeText,
  countFromEvent,
  drawerCountText,
  countFromResponse,
  UNREAD_COUNT_EVENT,
  UNREAD_COUNT_URL,
  UNREAD_POLL_MS,
  type UnreadBadgeProps,
} from './badge';

/** The unread count, kept current: polls while the page is visible and listens for `unread-count`. */
function useUnreadCount(initial: number): number {
  const [count, setCount] = useState(initial);
  useEffect(() => {
    let active = true;
    const refresh = (): void => {
      if (document.visibilityState !== 'visible') return;
      fetchJson(UNREAD_COUNT_URL).then(
        (body) => {
          const fresh = countFromResponse(body);
          if (active && fresh !== null) setCount(fresh);
        },
        () => {}, // a missed poll keeps the last count; the next one tries again
      );
    };
    const onCountEvent = (event: Event): void => {
      const fresh = countFromEvent(event);
      if (fresh !== null) setCount(fresh);
    };
    const timer = setInterval(refresh, UNREAD_POLL_MS);
    document.addEventListener('visibilitychange', refresh);
    window.addEventListener(UNREAD_COUNT_EVENT, onCountEvent);
    return () => {
      active = false;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', refresh);
      window.removeEventListener(UNREAD_COUNT_EVENT, onCountEvent);
    };
  }, []);
  return count;
}

/** The phone menu (server-rendered, views/partials/header.ejs) follows the same count: its button and its Messages link. */
function showCountInPhoneMenu(doc: Document, count: number): void {
  for (const button of doc.querySelectorAll('[data-unread-menu]')) button.setAttribute('aria-label', menuButtonLabel(count));
  for (const badge of doc.querySelectorAll<HTMLElement>('[data-unread-menu-count]')) {
    badge.textContent = badgeText(count);
    badge.hidden = count <= 0;
  }
  for (const element of doc.querySelectorAll('[data-unread-drawer-count]')) element.textContent = drawerCountText(count);
}

/** The unread-messages count next to Messages in the header; hidden when nothing is unread. */
export function UnreadBadge({ count: initialCount }: UnreadBadgeProps) {
  const count = useUnreadCount(initialCount);
  const text = badgeText(count);
  useEffect(() => showCountInPhoneMenu(document, count), [count]);
  return (
    <span className="unread-badge" hidden={text === ''} aria-label={`${count} unread messages`}>
      {text}
    </span>
  );
}
