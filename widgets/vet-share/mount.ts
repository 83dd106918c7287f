// Marker: <details data-widget="vet-share"> around the share-with-vet form (issue 13; spec 2 §4, §5).
// Without scripts the form posts to /members/vet-report/share; here it validates on change, keeps
// the send button disabled until the form is valid, and calls shareResultsWithVet.
import { revokeShareWarning, validateShare, type ShareErrors } from '../../server/shared/vets-rules';
import { VET_SHARE_FAILED, VET_SHARE_RATE_LIMITED, VET_SHARE_SENT } from '../../server/shared/messages';
import { graphqlRequest } from '../shared/graphql';

const SHARE = /* GraphQL */ `
  mutation ShareResultsWithVet($petUuid: ID!, $vetName: String!, $vetEmail: String!) {
    shareResultsWithVet(petUuid: $petUuid, vetName: $vetName, vetEmail: $vetEmail) { id vetName vetEmail sentAt practiceName }
  }
`;

interface SharedResult {
  shareResultsWithVet: { id: string; vetName: string; vetEmail: string; sentAt: string; practiceName: string | null };
}

function showAlert(root: HTMLElement, kind: 'success' | 'error', text: string): HTMLElement | null {
  const box = root.querySelector<HTMLElement>('[data-vet-share-alert]');
  if (!box) return null;
  const alert = document.createElement('p');
  alert.className = `alert alert--${kind}`;
  alert.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  // Focusable from script only: focus comes back here after sending (below).
  alert.tabIndex = -1;
  alert.textContent = text;
  box.replaceChildren(alert);
  return alert;
}

function listShare(root: HTMLElement, form: HTMLFormElement, share: SharedResult['shareResultsWithVet']): void {
  let list = root.querySelector<HTMLUListElement>('[data-vet-shares]');
  if (!list) {
    list = document.createElement('ul');
    list.className = 'vet-share__list';
    list.dataset.vetShares = '';
    root.querySelector('[data-vet-shares-none]')?.replaceWith(list);
  }
  const item = document.createElement('li');
  item.dataset.vetShareId = share.id;
  const name = document.createElement('strong');
  name.textContent = share.vetName;
  const date = new Date(share.sentAt).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  item.append(name, ` (${share.vetEmail})${share.practiceName ? `, ${share.practiceName}` : ''}, shared ${date} `);
  // the same second step as the server's list (views/vets/share-panel.ejs): Revoke opens the real button
  const step = document.createElement('details');
  step.className = 'confirm-step';
  const summary = document.createElement('summary');
  summary.className = 'button button--small button--ghost';
  const hidden = document.createElement('span');
  hidden.className = 'visually-hidden';
  hidden.textContent = ` the share with ${share.vetName}`;
  summary.append('Revoke', hidden);
  const revoke = document.createElement('form');
  revoke.method = 'post';
  revoke.action = form.action.replace('/vet-report/share', '/vet-report/revoke');
  revoke.className = 'vet-share__revoke confirm-step__form';
  for (const [field, value] of [['_csrf', (form.elements.namedItem('_csrf') as HTMLInputElement).value], ['shareId', share.id], ['from', (form.elements.namedItem('from') as HTMLInputElement).value]]) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = field;
    input.value = value;
    revoke.append(input);
  }
  const warning = document.createElement('span');
  const petName = root.dataset.petName ?? 'the dog';
  warning.textContent = revokeShareWarning(petName, share.practiceName);
  const button = document.createElement('button');
  button.type = 'submit';
  button.className = 'button button--small button--danger';
  button.textContent = 'Revoke the share';
  revoke.append(warning, button);
  step.append(summary, revoke);
  item.append(step);
  list.prepend(item);
}

export function mount(root: HTMLElement): void {
  const form = root.querySelector<HTMLFormElement>('[data-vet-share-form]');
  const send = form?.querySelector<HTMLButtonElement>('[data-vet-share-send]');
  if (!form || !send) throw new Error('vet-share needs its form');
  const name = form.elements.namedItem('vetName') as HTMLInputElement;
  const email = form.elements.namedItem('vetEmail') as HTMLInputElement;
  const touched = new Set<string>();
  let sending = false;

  const check = (): ShareErrors => {
    const { errors } = validateShare({ vetName: name.value, vetEmail: email.value });
    for (const input of [name, email]) {
      const field = input.name as keyof ShareErrors;
      const message = touched.has(field) ? errors[field] ?? '' : '';
      input.setAttribute('aria-invalid', String(Boolean(message)));
      const slot = form.querySelector<HTMLElement>(`[data-field-error="${field}"]`);
      if (slot) slot.textContent = message;
    }
    send.disabled = sending || Object.keys(errors).length > 0;
    return errors;
  };

  for (const input of [name, email]) {
    const touch = () => {
      touched.add(input.name);
      check();
    };
    input.addEventListener('input', touch);
    input.addEventListener('change', touch);
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    touched.add('vetName').add('vetEmail');
    if (Object.keys(check()).length > 0 || sending) return;
    sending = true;
    // Disabling the focused button while sending drops keyboard focus to <body>: it comes back to the outcome.
    const focusWasInForm = form.contains(document.activeElement);
    check();
    let outcome: HTMLElement | null = null;
    try {
      const data = await graphqlRequest<SharedResult>(SHARE, { petUuid: form.dataset.petUuid, vetName: name.value, vetEmail: email.value });
      outcome = showAlert(root, 'success', VET_SHARE_SENT.replace('{name}', () => data.shareResultsWithVet.vetName));
      listShare(root, form, data.shareResultsWithVet);
      form.reset();
      touched.clear();
    } catch (error) {
      console.error(error);
      const limited = error instanceof Error && error.message === VET_SHARE_RATE_LIMITED;
      outcome = showAlert(root, 'error', limited ? VET_SHARE_RATE_LIMITED : VET_SHARE_FAILED);
    } finally {
      sending = false;
      check();
    }
    const focusLost = !document.activeElement || document.activeElement === document.body || document.activeElement === send;
    if (focusWasInForm && focusLost) (outcome ?? send).focus();
  });
  check();
}
