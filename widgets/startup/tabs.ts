import { elementsIn } from './dom';

/** Which tab a key moves to (WAI-ARIA tabs pattern): arrows wrap around, Home and End jump. */
export function tabIndexAfterKey(key: string, current: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return (current + 1) % count;
    case 'ArrowLeft':
    case 'ArrowUp':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/** The panel holding the element a URL hash names (the panel itself or something inside it), or -1. */
function panelIndexForHash(panels: HTMLElement[], hash: string): number {
  if (hash.length < 2) return -1;
  let id: string;
  try {
    id = decodeURIComponent(hash.slice(1));
  } catch {
    return -1;
  }
  const target = document.getElementById(id);
  return target ? panels.findIndex((panel) => panel.contains(target)) : -1;
}

/**
 * `[data-tabs]` holds a `[data-tab-list]` of links to its panels (`<a href="#panel-id">`). Without
 * scripts every panel shows and the links jump to them; here they become real tabs: role tablist,
 * tab and tabpanel, one panel shown, arrows, Home and End move between tabs (roving tabindex).
 * With `data-tabs-hash` the chosen tab is kept in the address's hash, so a link such as
 * `/dog/rex#relatives` opens that tab (as does a hash naming something inside a panel).
 * Safe to call again: a container is set up once.
 */
export function installTabs(root: ParentNode): void {
  for (const container of elementsIn(root, '[data-tabs]')) {
    if (container.dataset.tabsReady) continue;
    const list = container.querySelector<HTMLElement>('[data-tab-list]');
    if (!list) continue;
    const tabs = [...list.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')];
    const panels = tabs.map((tab) => container.querySelector<HTMLElement>(`[id="${tab.hash.slice(1)}"]`));
    if (tabs.length === 0 || panels.some((panel) => !panel)) continue;
    container.dataset.tabsReady = 'true';
    list.setAttribute('role', 'tablist');
    list.removeAttribute('aria-label');
    if (container.dataset.tabsLabel) list.setAttribute('aria-label', container.dataset.tabsLabel);

    const keepsHash = container.hasAttribute('data-tabs-hash');
    const select = (index: number, focus: boolean): void => {
      tabs.forEach((tab, i) => {
        const selected = i === index;
        tab.setAttribute('aria-selected', String(selected));
        tab.tabIndex = selected ? 0 : -1;
        tab.classList.toggle('is-selected', selected);
        panels[i]!.hidden = !selected;
      });
      if (focus) tabs[index].focus();
      // replaceState: choosing a tab neither scrolls nor adds a history entry per click
      if (focus && keepsHash && window.location.hash !== tabs[index].hash) window.history.replaceState(window.history.state, '', tabs[index].hash);
    };
    tabs.forEach((tab, i) => {
      const panel = panels[i]!;
      if (!tab.id) tab.id = `${panel.id}-tab`;
      tab.setAttribute('role', 'tab');
      tab.setAttribute('aria-controls', panel.id);
      panel.setAttribute('role', 'tabpanel');
      panel.setAttribute('aria-labelledby', tab.id);
      panel.tabIndex = 0;
      tab.addEventListener('click', (event) => {
        event.preventDefault();
        select(i, true);
      });
      tab.addEventListener('keydown', (event) => {
        const next = tabIndexAfterKey(event.key, i, tabs.length);
        if (next === null) return;
        event.preventDefault();
        select(next, true);
      });
    });
    container.classList.add('has-tabs');
    select(keepsHash ? Math.max(panelIndexForHash(panels as HTMLElement[], window.location.hash), 0) : 0, false);
    if (keepsHash) {
      window.addEventListener('hashchange', () => {
        const index = panelIndexForHash(panels as HTMLElement[], window.location.hash);
        if (index >= 0) select(index, false);
      });
    }
  }
}
