import { COPY_LINK, LINK_COPIED } from '../../server/shared/startup-messages';
import { COPY_LINK_CONFIRM_MS } from './constants';
import { closestFrom } from './dom';

/** Copies text with the Clipboard API, falling back to a hidden textarea where it is refused. */
export async function copyText(doc: Document, text: string): Promise<void> {
  try {
    await doc.defaultView!.navigator.clipboard.writeText(text);
  } catch {
    const area = doc.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    doc.body.append(area);
    area.select();
    const copied = doc.execCommand('copy');
    area.remove();
    if (!copied) throw new Error('Copying to the clipboard was refused');
  }
}

/**
 * Spec 2 §4: a `[data-copy-link]` button copies the URL it holds (or its href), reads
 * 'Link Copied' for 3 s, then 'Copy Link'. The text goes into a `[data-copy-link-label]` child
 * when there is one (buttons with an icon), else into the button. A button may name its own
 * texts and time (`data-copy-link-done`, `data-copy-link-reset`, `data-copy-link-ms`): the vet
 * report link reads 'Link copied' for 2000 ms (spec 2 §9).
 */
export function installCopyLinks(doc: Document, confirmMs = COPY_LINK_CONFIRM_MS): void {
  const timers = new WeakMap<Element, ReturnType<typeof setTimeout>>();
  doc.addEventListener('click', (event) => {
    const button = closestFrom(event.target, '[data-copy-link]');
    if (!button) return;
    event.preventDefault();
    const url = new URL(button.dataset.copyLink || button.getAttribute('href') || doc.location.href, doc.baseURI).href;
    const label = button.querySelector('[data-copy-link-label]') ?? button;
    copyText(doc, url).then(
      () => {
        const ms = Number(button.dataset.copyLinkMs);
        label.textContent = button.dataset.copyLinkDone || LINK_COPIED;
        clearTimeout(timers.get(button));
        timers.set(button, setTimeout(() => (label.textContent = button.dataset.copyLinkReset || COPY_LINK), ms > 0 ? ms : confirmMs));
      },
      (error: unknown) => console.error(error),
    );
  });
}
