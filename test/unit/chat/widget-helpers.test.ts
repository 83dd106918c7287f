import { expect } from 'chai';
import { checkConversationsResponse, checkMessagesResponse, errorFrom, sendOutcome } from '../../../widgets/chat/api';
import { activityKey, announceUnreadCount, markedRead, parseChatProps, withBlock } from '../../../widgets/chat/state';
import { HttpError } from '../../../widgets/shared/fetch-json';
import type { Conversation } from '../../../server/shared/chat-types';

const conversation = (overrides: Partial<Conversation> = {}): Conversation => ({
  conversation_id: 3,
  participant_user_ids: [1, 2],
  most_recent_message_snippet: 'Hi',
  toUserPets: [],
  toUserName: 'Bob',
  subject: 'Rex and Luna',
  num_messages: 2,
  num_unread: 1,
  blocked: false,
  blockedByMe: false,
  activeUserPet: null,
  pets: [],
  lastActivityAt: '2026-01-01T10:00:00.000Z',
  ...overrides,
});

describe('chat widget helpers', () => {
  it('shows a send error as received and refuses an unrecognised send response', () => {
    expect(sendOutcome({ error: 'Anything the server says' })).to.deep.equal({ kind: 'error', error: 'Anything the server says' });
    const sentMessage = { id: 1, body: 'x', createdByMe: true, createdAt: '', allReadStatuses: [] };
    expect(sendOutcome({ sentMessage })).to.deep.equal({ kind: 'sent', response: { sentMessage } });
    for (const odd of [null, 'ok', {}, { sentMessage: 'x' }]) expect(() => sendOutcome(odd)).to.throw();
  });

  it('raises an error for a missing get-conversations response or conversation id', () => {
    expect(() => checkConversationsResponse(null)).to.throw('Missing get-conversations response');
    expect(() => checkConversationsResponse({ conversations: [{}] })).to.throw('Missing conversation id');
    expect(checkConversationsResponse({ conversations: [] }).conversations).to.deep.equal([]);
    expect(() => checkMessagesResponse({})).to.throw();
  });

  it("reads a refusal's error from a failed call", () => {
    expect(errorFrom(new HttpError(403, { error: 'Not Authorized' }))).to.equal('Not Authorized');
    expect(errorFrom(new HttpError(500, 'oops'))).to.equal(null);
    expect(errorFrom(new Error('network'))).to.equal(null);
  });

  it('reloads the open conversation when a message arrives or the other side reads, not when the user reads', () => {
    const base = conversation();
    expect(activityKey({ ...base, num_unread: 0 })).to.equal(activityKey(base));
    expect(activityKey({ ...base, num_messages: 3 })).to.not.equal(activityKey(base));
    expect(activityKey({ ...base, lastActivityAt: '2026-01-01T10:01:00.000Z' })).to.not.equal(activityKey(base));
    expect(activityKey(undefined)).to.equal('');
  });

  it('updates unread and block state of one conversation only', () => {
    const list = [conversation(), conversation({ conversation_id: 4 })];
    expect(markedRead(list, 3).map((c) => c.num_unread)).to.deep.equal([0, 1]);
    expect(withBlock(list, 4, true, true).map((c) => [c.blocked, c.blockedByMe])).to.deep.equal([
      [false, false],
      [true, true],
    ]);
  });

  it("tells the header badge the count with an 'unread-count' event", () => {
    const events: Event[] = [];
    announceUnreadCount(4, { dispatchEvent: (event: Event) => events.push(event) > 0 });
    expect(events[0].type).to.equal('unread-count');
    expect((events[0] as CustomEvent).detail).to.deep.equal({ count: 4 });
  });

  it('takes the marker props and refuses a marker without conversations', () => {
    const props = parseChatProps({ conversations: [], to: 'rex', openConversationId: -1, numUnreadMessages: 2, toPetDetails: null });
    expect(props).to.deep.equal({ conversations: [], to: 'rex', openConversationId: -1, numUnreadMessages: 2, toPetDetails: null });
    expect(() => parseChatProps({})).to.throw(TypeError);
  });
});
