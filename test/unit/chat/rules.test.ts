import { expect } from 'chai';
import {
  conversationSubject,
  MAX_MESSAGE_LENGTH,
  messageBodyError,
  messageSnippet,
  messageStatusLabel,
  parseConversationId,
  parseHandle,
  parseSendConversationId,
  truncateText,
} from '../../../server/shared/chat-rules';
import { CHAT_EMPTY_BODY, CHAT_MESSAGE_TOO_LONG, CHAT_UNREAD, INVALID_ARGUMENTS } from '../../../server/shared/messages';

describe('chat rules', () => {
  it('takes only positive whole conversation ids', () => {
    expect(parseConversationId('12')).to.equal(12);
    expect(parseConversationId(12)).to.equal(12);
    for (const bad of ['0', '-1', '1.5', '1e3', ' 1', '012', 'abc', '', null, undefined, {}, [], 2 ** 31, '99999999999']) {
      expect(parseConversationId(bad), JSON.stringify(bad)).to.equal(null);
    }
  });

  it('reads a missing or -1 send conversation id as a new conversation', () => {
    for (const raw of [undefined, null, '', -1, '-1']) expect(parseSendConversationId(raw)).to.equal(-1);
    expect(parseSendConversationId('7')).to.equal(7);
    expect(parseSendConversationId(-2)).to.equal(null);
  });

  it('accepts dog handles only in their stored form', () => {
    expect(parseHandle('Sunny-Meadow-Aurora')).to.equal('sunny-meadow-aurora');
    for (const bad of ['a', '-dog', '<script>', 'dog dog', '', 42, ['dog']]) expect(parseHandle(bad), String(bad)).to.equal(null);
  });

  it('refuses a blank body with the spec alert and a long one with the limit message', () => {
    for (const blank of ['', '   ', '\n\t', undefined, null, 5]) expect(messageBodyError(blank)).to.equal(CHAT_EMPTY_BODY);
    // what looks blank is blank: zero-width spaces and joiners, a byte-order mark, a braille blank, a Hangul filler
    for (const invisible of ['\u200b\u200b', ' \u200c\u200d ', '\ufeff', '\u2800', '\u3164']) expect(messageBodyError(invisible), JSON.stringify(invisible)).to.equal(CHAT_EMPTY_BODY);
    expect(messageBodyError('👨\u200d👩\u200d👧')).to.equal(null);
    expect(messageBodyError('hi')).to.equal(null);
    expect(messageBodyError('two\nlines\r\nthree')).to.equal(null);
    // tabs and other control characters, C1 terminal escapes among them, are refused
    for (const control of ['a\tb', 'a\u009b31mb', 'a\u0085b', 'a\u0007b', 'a\u007fb']) expect(messageBodyError(control), JSON.stringify(control)).to.equal(INVALID_ARGUMENTS);
    expect(messageBodyError('x'.repeat(MAX_MESSAGE_LENGTH))).to.equal(null);
    expect(messageBodyError(`  ${'x'.repeat(MAX_MESSAGE_LENGTH)}  `)).to.equal(null);
    expect(messageBodyError('x'.repeat(MAX_MESSAGE_LENGTH + 1))).to.equal(CHAT_MESSAGE_TOO_LONG);
    // Counted in characters as PostgreSQL counts them: an emoji is one.
    expect(messageBodyError('🐶'.repeat(MAX_MESSAGE_LENGTH))).to.equal(null);
  });

  it('truncates to 25 characters with an ellipsis and makes one-line snippets', () => {
    expect(truncateText('short')).to.equal('short');
    const cut = truncateText('a'.repeat(40));
    expect([...cut]).to.have.length(25);
    expect(cut.endsWith('…')).to.equal(true);
    expect(messageSnippet('Hello\n\n  there')).to.equal('Hello there');
    expect(messageSnippet(null)).to.equal(null);
  });

  it('names a conversation after both dogs, or the other dog alone', () => {
    expect(conversationSubject('Rex', 'Luna')).to.equal('Rex and Luna');
    expect(conversationSubject(null, 'Luna')).to.equal('Luna');
  });

  it("labels own messages 'Read: {time}' or 'Unread', and others' 'Sent: {time}'", () => {
    const format = (iso: string) => `<${iso}>`;
    const createdAt = '2026-01-01T10:00:00.000Z';
    expect(messageStatusLabel({ createdByMe: true, createdAt, allReadStatuses: [] }, format)).to.equal(CHAT_UNREAD);
    const read = [{ readAt: '2026-01-01T10:05:00.000Z' }, { readAt: '2026-01-01T10:02:00.000Z' }];
    expect(messageStatusLabel({ createdByMe: true, createdAt, allReadStatuses: read }, format)).to.equal('Read: <2026-01-01T10:02:00.000Z>');
    expect(messageStatusLabel({ createdByMe: false, createdAt, allReadStatuses: read }, format)).to.equal(`Sent: <${createdAt}>`);
  });
});
