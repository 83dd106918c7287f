// Breeder dog settings (spec 2 §3, §7, §8): the page's form saved as one JSON dogsPrivacy list, without
// leaving the page; a failure is the spec's 'Failed to send' alert.
import { csrfToken, CSRF_HEADER } from '../shared/csrf';
import { FAILED_TO_SEND } from '../../server/shared/messages';

export interface DogPrivacyRow {
  petNum: number;
  handle: string;
  privacy: string;
  excludeFromMatchmaker: boolean;
}

/** The form's rows as the POST's dogsPrivacy list. */
export function dogsPrivacyOf(form: HTMLFormElement): DogPrivacyRow[] {
  const rows = new Map<string, Partial<DogPrivacyRow>>();
  for (const element of Array.from(form.elements) as HTMLInputElement[]) {
    const match = /^dogsPrivacy\[(\d+)\]\[(\w+)\]$/.exec(element.name ?? '');
    if (!match) continue;
    const row = rows.get(match[1]) ?? { excludeFromMatchmaker: false };
    if (match[2] === 'petNum') row.petNum = Number(element.value);
    else if (match[2] === 'handle') row.handle = element.value;
    else if (match[2] === 'privacy') row.privacy = element.value;
    else if (match[2] === 'excludeFromMatchmaker') row.excludeFromMatchmaker = element.checked;
    rows.set(match[1], row);
  }
  return [...rows.values()] as DogPrivacyRow[];
}

export function mount(element: HTMLElement): void {
  const form = element.querySelector<HTMLFormElement>('form[data-dog-settings-form]');
  if (!form) return;
  const status = form.querySelector<HTMLElement>('[data-dog-settings-status]');
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    button.disabled = true;
    if (status) status.textContent = '';
    try {
      const response = await fetch(form.action, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', accept: 'application/json', [CSRF_HEADER]: csrfToken() },
        body: JSON.stringify({ dogsPrivacy: dogsPrivacyOf(form) }),
      });
      if (!response.ok) throw new Error(`status ${response.status}`);
      if (status) status.textContent = 'Your dogs\u2019 settings are saved.';
    } catch {
      window.alert(FAILED_TO_SEND);
    } finally {
      button.disabled = false;
      // a disabled button loses keyboard focus to <body>: give it back, the status beside it is announced (role=status)
      button.focus();
    }
  });
  element.setAttribute('data-dog-settings-ready', '');
}
