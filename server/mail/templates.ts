// What each kind of outbox message says (issue 15, issue 19 "E-mail content"). Notices queue a
// template name and its data; the worker renders here, at send time, with absolute links built
// from BASE_URL, so a message works from any mail client. Messages without a known template go
// out as they were queued.
import { htmlEmail } from './html.js';

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
  /** Where the recipient chooses which e-mails they get (the List-Unsubscribe header), for e-mails they may turn off. */
  preferencesUrl?: string;
}

/** The Messages page opened on one conversation (server/chat/page.ts reads ?conversation=); the inbox for a message queued without one. */
const conversationPath = (id: unknown) => (Number.isSafeInteger(id) && (id as number) > 0 ? `/members/messages?conversation=${id}` : '/members/messages');

export const RESULTS_RELEASED = 'results-released';
export const CHAT_NEW_MESSAGE = 'chat-new-message';
export const PASSWORD_RESET = 'password-reset';
export const VET_REPORT_SHARED = 'vet-report-shared';
export const VET_CLIENT_TRANSFER = 'vet-client-transfer';

/** A site path as an absolute address on the public site. */
export function absoluteUrl(baseUrl: string, path: string): string {
  return new URL(path, `${baseUrl}/`).href;
}

const str = (value: unknown, fallback: string) => (typeof value === 'string' && value.trim() ? value : fallback);

interface Parts {
  greeting: string;
  paragraphs: string[];
  button: { label: string; href: string };
  footer: string;
  /** For e-mails the recipient may turn off: the settings page, linked under the footer. */
  preferencesUrl?: string;
}

const PREFERENCES_LINK = 'Choose which e-mails you get';

function compose(subject: string, parts: Parts): RenderedEmail {
  const paragraphs = [parts.greeting, ...parts.paragraphs];
  const preferences = parts.preferencesUrl ? { label: PREFERENCES_LINK, href: parts.preferencesUrl } : undefined;
  const footer = preferences ? `${parts.footer}\n${preferences.label}: ${preferences.href}` : parts.footer;
  const text = [...paragraphs, `${parts.button.label}: ${parts.button.href}`, 'The Embark team', '--', footer].join('\n\n');
  const html = htmlEmail({ paragraphs: [...paragraphs], button: parts.button, footer: parts.footer, footerLink: preferences });
  return { subject, text: `${text}\n`, html, ...(parts.preferencesUrl ? { preferencesUrl: parts.preferencesUrl } : {}) };
}

const ACCOUNT_FOOTER = 'You receive this e-mail because of your Embark account.';
const preferencesUrlOf = (baseUrl: string) => absoluteUrl(baseUrl, '/members/profile');

/** What a queued e-mail says: its subject and either its own text and HTML or a template and payload. */
export interface QueuedEmail {
  subject: string;
  text: string | null;
  html: string | null;
  template: string | null;
  payload: Record<string, unknown>;
}

export function renderEmail(message: QueuedEmail, baseUrl: string): RenderedEmail {
  const payload = message.payload;
  switch (message.template) {
    case RESULTS_RELEASED: {
      const petNum = Number(payload.petNum);
      if (!Number.isSafeInteger(petNum)) break;
      const petName = str(payload.petName, 'Your dog');
      return compose(message.subject, {
        greeting: `Hi ${str(payload.ownerName, 'there')},`,
        // a file from another lab's array carries none of our panel's breed, health and trait markers
        paragraphs: [
          payload.otherLabFile === true
            ? `${petName}'s results from the DNA file you sent us are in: relatives among the dogs tested with us, and genetic inbreeding (COI). The file does not carry the markers of our breed, health and trait tests, so those show as not tested.`
            : `${petName}'s DNA results are in: breed mix, health, traits and relatives.`,
        ],
        button: { label: `See ${petName}'s results`, href: absoluteUrl(baseUrl, `/members/results/summary?i=${petNum}`) },
        footer: ACCOUNT_FOOTER,
        preferencesUrl: preferencesUrlOf(baseUrl),
      });
    }
    case CHAT_NEW_MESSAGE: {
      const sender = str(payload.senderName, 'Another dog owner');
      return compose(message.subject, {
        greeting: 'Hi,',
        paragraphs: [`${sender} sent you a message on Embark.`, 'We send one e-mail per conversation until you read it.'],
        // the conversation itself (issue 36 §16); a signed-out reader signs in and lands there
        button: { label: 'Read and reply', href: absoluteUrl(baseUrl, conversationPath(payload.conversationId)) },
        footer: `${ACCOUNT_FOOTER} Chat e-mails can be turned off in your settings.`,
        preferencesUrl: preferencesUrlOf(baseUrl),
      });
    }
    case PASSWORD_RESET: {
      const token = payload.token;
      // The token leaves the row once sent; a retried reset e-mail has no link to give.
      if (typeof token !== 'string' || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw new Error('The reset link of this e-mail is no longer stored; the owner can ask for a new one.');
      return compose(message.subject, {
        greeting: `Hi ${str(payload.name, 'there')},`,
        paragraphs: [
          'Someone asked to reset the password of your Embark account. If it was you, choose a new password with the link below. It works once, within one hour.',
          'If you did not ask, ignore this e-mail: your password stays as it is.',
        ],
        button: { label: 'Choose a new password', href: absoluteUrl(baseUrl, `/reset-password/${token}`) },
        footer: 'You receive this e-mail because a password reset was requested for your Embark account.',
      });
    }
    case VET_REPORT_SHARED:
    case VET_CLIENT_TRANSFER:
      return renderVetEmail(message, baseUrl);
  }
  return asQueued(message);
}

// Issue 13: the vet's report link (a one-time copy of the share's token, dropped once sent) and the
// practice's invitation of a client to the dog's results.
function renderVetEmail(message: QueuedEmail, baseUrl: string): RenderedEmail {
  const payload = message.payload;
  const petName = str(payload.petName, 'the dog');
  if (message.template === VET_CLIENT_TRANSFER) {
    const practice = str(payload.practiceName, 'Your vet practice');
    const invitation = payload.token;
    if (typeof invitation !== 'string' || !/^[A-Za-z0-9_-]{20,100}$/.test(invitation)) throw new Error('The invitation link of this e-mail is no longer stored; the practice can send it again.');
    return compose(message.subject, {
      greeting: `Hi ${str(payload.clientName, 'there')},`,
      paragraphs: [
        `${practice} tested ${petName}'s DNA with Embark and invites you to see the results yourself.`,
        `Open the link below, sign in or create a free account, and add ${petName} to it. The practice keeps reading the results.`,
      ],
      button: { label: `Add ${petName} to my account`, href: absoluteUrl(baseUrl, `/patient-transfer/${invitation}`) },
      footer: `You receive this e-mail because ${practice} registered ${petName} with your e-mail address.`,
    });
  }
  const token = payload.token;
  if (typeof token !== 'string' || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw new Error('The report link of this e-mail is no longer stored; the owner can share again.');
  const owner = str(payload.ownerName, 'A pet parent');
  return compose(message.subject, {
    greeting: `Hi ${str(payload.vetName, 'there')},`,
    paragraphs: [
      `${owner} shared ${petName}'s Embark DNA results with you: breed mix, health results with what they mean for care, inbreeding and traits, in a printable report.`,
      payload.isPatient ? `${petName} is now also on your practice dashboard, read-only.` : 'The link works until the owner revokes it.',
    ],
    button: { label: `Open ${petName}'s vet report (PDF)`, href: absoluteUrl(baseUrl, `/members/reports/print-vet-report-pdf/${token}`) },
    footer: `You receive this e-mail because ${owner} entered your address on Embark.`,
  });
}

function asQueued(message: QueuedEmail): RenderedEmail {
  const text = message.text ?? message.subject;
  const html = message.html ?? htmlEmail({ paragraphs: text.split(/\n{2,}/), footer: 'Embark' });
  return { subject: message.subject, text, html };
}

