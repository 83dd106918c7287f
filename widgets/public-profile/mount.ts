// Marker: views/public/dog.ejs. Enhances what works without scripts: share links open a small
// window, and the mix comparison form fills its area in place instead of reloading the page.
import { MIX_COMPARISON_ERROR, MIX_COMPARISON_HANDLE_REQUIRED, MIX_COMPARISON_LOADING } from '../../server/shared/messages';
import { mixComparisonFragmentUrl, shareWindowFeatures } from './rules';

interface Props {
  handle: string;
}

export function parseProps(raw: Record<string, unknown>): Props {
  if (typeof raw.handle !== 'string' || !raw.handle) throw new Error('public-profile needs the dog handle');
  return { handle: raw.handle };
}

export function mount(element: HTMLElement, { handle }: Props): void {
  element.querySelectorAll<HTMLAnchorElement>('a[data-share-window]').forEach((link) => {
    link.addEventListener('click', (event) => {
      event.preventDefault();
      window.open(link.href, 'share', shareWindowFeatures());
    });
  });

  const form = element.querySelector<HTMLFormElement>('form[data-mix-comparison-form]');
  const area = element.querySelector<HTMLElement>('[data-mix-comparison]');
  if (!form || !area) return;
  const field = form.querySelector<HTMLInputElement | HTMLSelectElement>('[name="compareMix"]');
  let latest = 0;
  const showProblem = (problem: string) => {
    const paragraph = document.createElement('p');
    paragraph.className = 'mix-comparison__error';
    paragraph.setAttribute('role', 'alert');
    paragraph.textContent = problem;
    area.replaceChildren(paragraph);
    field?.setAttribute('aria-invalid', 'true');
    if (area.id) field?.setAttribute('aria-describedby', area.id);
    // the address no longer names a comparison the page shows (a reload would bring the old one back)
    const url = new URL(window.location.href);
    url.searchParams.delete('compareMix');
    window.history.replaceState(null, '', url);
  };
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const other = String(new FormData(form).get('compareMix') ?? '').trim();
    const request = ++latest;
    area.hidden = false;
    if (!other) {
      showProblem(MIX_COMPARISON_HANDLE_REQUIRED);
      field?.focus();
      return;
    }
    area.textContent = MIX_COMPARISON_LOADING;
    try {
      const response = await fetch(mixComparisonFragmentUrl(handle, other), { headers: { accept: 'text/html' }, credentials: 'same-origin' });
      const html = await response.text();
      if (request !== latest) return; // a newer comparison was asked for meanwhile
      if (!response.ok) {
        showProblem(problemIn(html) ?? MIX_COMPARISON_ERROR);
        return;
      }
      area.innerHTML = html; // our own server-rendered, escaped fragment
      field?.removeAttribute('aria-invalid');
      field?.removeAttribute('aria-describedby');
      const url = new URL(window.location.href);
      url.searchParams.set('compareMix', other);
      window.history.replaceState(null, '', url);
    } catch {
      if (request !== latest) return;
      showProblem(MIX_COMPARISON_ERROR);
    }
  });
}

/** The server's reason in a refused comparison (views/public/mix-match-problem.ejs), read as text. */
function problemIn(html: string): string | null {
  const problem = new DOMParser().parseFromString(html, 'text/html').querySelector('[data-mix-comparison-problem]');
  return problem?.textContent?.trim() || null;
}
