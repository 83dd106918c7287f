import { expect } from 'chai';
import {
  badgeText,
  countFromEvent,
  countFromResponse,
  parseUnreadBadgeProps,
  UNREAD_COUNT_EVENT,
  UNREAD_POLL_MS,
} from '../../../widgets/unread-badge/badge';

describe('unread-messages badge rules', () => {
  it('shows nothing at zero, so the badge is hidden', () => {
    expect(badgeText(0)).to.equal('');
  });

  it('shows the count up to 99 and 99+ above', () => {
    expect(badgeText(1)).to.equal('1');
    expect(badgeText(99)).to.equal('99');
    expect(badgeText(100)).to.equal('99+');
    expect(badgeText(4321)).to.equal('99+');
  });

  it('takes a count of zero or more as props and refuses anything else', () => {
    expect(parseUnreadBadgeProps({ count: 7 })).to.deep.equal({ count: 7 });
    expect(parseUnreadBadgeProps({ count: 0, extra: true })).to.deep.equal({ count: 0 });
    for (const count of [-1, 1.5, '3', null, undefined]) {
      expect(() => parseUnreadBadgeProps({ count }), String(count)).to.throw(TypeError);
    }
  });

  it('reads numUnreadMessages from the server answer', () => {
    expect(countFromResponse({ numUnreadMessages: 12 })).to.equal(12);
    expect(countFromResponse({ numUnreadMessages: 'x' })).to.equal(null);
    expect(countFromResponse('<html>')).to.equal(null);
    expect(countFromResponse(null)).to.equal(null);
  });

  it('reads the count other widgets send in an unread-count event', () => {
    expect(countFromEvent(new CustomEvent(UNREAD_COUNT_EVENT, { detail: { count: 4 } }))).to.equal(4);
    expect(countFromEvent(new CustomEvent(UNREAD_COUNT_EVENT, { detail: { count: -4 } }))).to.equal(null);
    expect(countFromEvent(new Event(UNREAD_COUNT_EVENT))).to.equal(null);
  });

  it('polls every 30 seconds', () => {
    expect(UNREAD_POLL_MS).to.equal(30_000);
  });
});
