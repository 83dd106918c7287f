// Marker: <div data-widget="help-search"> around the Help Center. The page already filters on the
// server (/help?q=); this narrows the questions as the reader types, without a round trip.
import { cleanQuery, matchesQuery } from '../../server/shared/help-search';

function statusText(matches: number, query: string): string {
  if (!query) return '';
  return `${matches === 1 ? '1 answer' : `${matches} answers`} for “${query}”.`;
}

export function mount(root: HTMLElement): void {
  const input = root.querySelector<HTMLInputElement>('input[name="q"]');
  const form = input?.form;
  if (!input || !form) throw new Error('help-search needs its search form');
  const status = root.querySelector<HTMLElement>('[data-help-status]');
  const empty = root.querySelector<HTMLElement>('[data-help-empty]');
  const emptyQuery = root.querySelector<HTMLElement>('[data-help-query]');
  const topics = [...root.querySelectorAll<HTMLElement>('.help-topic')];

  const apply = (): void => {
    const query = cleanQuery(input.value);
    let matches = 0;
    for (const topic of topics) {
      let shown = 0;
      for (const question of topic.querySelectorAll<HTMLElement>('.help-question')) {
        const match = matchesQuery(question.dataset.searchText ?? '', query);
        question.hidden = !match;
        const details = question.querySelector('details');
        if (details && query) details.open = match;
        if (match) shown++;
      }
      topic.hidden = shown === 0;
      matches += shown;
    }
    if (status) status.textContent = statusText(matches, query);
    if (empty) empty.hidden = matches > 0;
    if (emptyQuery) emptyQuery.textContent = query;
    const url = new URL(window.location.href);
    if (query) url.searchParams.set('q', query);
    else url.searchParams.delete('q');
    window.history.replaceState(null, '', url);
  };

  input.addEventListener('input', apply);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    apply();
  });
}
