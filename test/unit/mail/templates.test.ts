import { expect } from 'chai';
import { renderEmail, CHAT_NEW_MESSAGE, PASSWORD_RESET, RESULTS_RELEASED } from '../../../server/mail/templates.js';
import type { OutboxMessage } from '../../../server/outbox/delivery.js';

const BASE = 'https://members.example.test';

function message(template: string | null, payload: Record<string, unknown>, extra: Partial<OutboxMessage> = {}): OutboxMessage {
  return { id: 1, userId: 1, to: 'a@example.test', subject: 'Subject', text: null, html: null, template, payload, status: 'sending', attempts: 1, ...extra };
}

describe('e-mail templates', () => {
  it('links the results notice to the dog’s summary with an absolute address', () => {
    const email = renderEmail(message(RESULTS_RELEASED, { petNum: 42, petName: 'Rex', ownerName: 'Ann' }), BASE);
    expect(email.text).to.include(`${BASE}/members/results/summary?i=42`);
    expect(email.html).to.include(`href="${BASE}/members/results/summary?i=42"`);
    expect(email.text).to.include('Hi Ann,');
    expect(email.text).to.include(`${BASE}/members/profile`);
    expect(email.text).to.not.match(/(^|\s)\/members\//m);
  });

  it('tells the owner of a dog read from another lab’s file what its results hold, instead of promising breed, health and traits', () => {
    expect(renderEmail(message(RESULTS_RELEASED, { petNum: 42, petName: 'Rex' }), BASE).text).to.include('Rex\'s DNA results are in: breed mix, health, traits and relatives.');
    const email = renderEmail(message(RESULTS_RELEASED, { petNum: 42, petName: 'Rex', otherLabFile: true }), BASE);
    expect(email.text).to.include('Rex\'s results from the DNA file you sent us are in: relatives among the dogs tested with us, and genetic inbreeding (COI).');
    expect(email.text).not.to.include('breed mix, health, traits and relatives');
  });

  it('links the settings page under the footer of e-mails one may turn off, and names it for List-Unsubscribe', () => {
    for (const email of [renderEmail(message(RESULTS_RELEASED, { petNum: 42, petName: 'Rex' }), BASE), renderEmail(message(CHAT_NEW_MESSAGE, { senderName: 'Ann' }), BASE)]) {
      expect(email.html).to.include(`<a href="${BASE}/members/profile" style="color:#777">Choose which e-mails you get</a>`);
      expect(email.text).to.include(`Choose which e-mails you get: ${BASE}/members/profile\n`);
      expect(email.preferencesUrl).to.equal(`${BASE}/members/profile`);
    }
    // a password reset is not an e-mail one opts out of
    expect(renderEmail(message(PASSWORD_RESET, { token: 'a'.repeat(43), name: 'Bob' }), BASE)).to.not.have.property('preferencesUrl');
  });

  it('escapes names in the HTML part', () => {
    const email = renderEmail(message(RESULTS_RELEASED, { petNum: 1, petName: '<b>Rex</b>', ownerName: 'A & B' }), BASE);
    expect(email.html).to.include('&lt;b&gt;Rex&lt;/b&gt;');
    expect(email.html).to.include('A &amp; B');
    expect(email.html).to.not.include('<b>Rex</b>');
    expect(email.text).to.include('<b>Rex</b>');
  });

  it('links the chat notice to its conversation and the reset e-mail to its token', () => {
    expect(renderEmail(message(CHAT_NEW_MESSAGE, { senderName: 'Ann', conversationId: 42 }), BASE).html).to.include(`href="${BASE}/members/messages?conversation=42"`);
    // a notice queued without its conversation still opens the inbox
    expect(renderEmail(message(CHAT_NEW_MESSAGE, { senderName: 'Ann' }), BASE).html).to.include(`href="${BASE}/members/messages"`);
    const token = 'a'.repeat(43);
    expect(renderEmail(message(PASSWORD_RESET, { token, name: 'Bob' }), BASE).html).to.include(`href="${BASE}/reset-password/${token}"`);
  });

  it('refuses to send a reset e-mail whose token is gone', () => {
    expect(() => renderEmail(message(PASSWORD_RESET, { name: 'Bob' }), BASE)).to.throw(/no longer stored/);
  });

  it('sends a message without a known template as it was queued', () => {
    const email = renderEmail(message(null, {}, { subject: 'Hello', text: 'First\n\nSecond <x>' }), BASE);
    expect(email).to.include({ subject: 'Hello', text: 'First\n\nSecond <x>' });
    expect(email.html).to.include('Second &lt;x&gt;');
  });
});
