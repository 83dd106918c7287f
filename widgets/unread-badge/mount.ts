// Marker: <span data-widget="unread-badge" data-props='{"count":3}'>3</span> inside the Messages link.
export { UnreadBadge as default } from './UnreadBadge';
export { parseUnreadBadgeProps as parseProps } from './badge';
