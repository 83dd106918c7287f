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

/**
 * `[data-tabs]` holds a `[data-tab-list]` of links to its panels (`<a href="#panel-id">`). Without
 * scripts every panel shows and the links jump to them; here they become real tabs: role tablist,
 * tab and tabpanel, one panel shown, arrows, Home and End move between tabs (roving tabindex).
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

    const select = (index: number, focus: boolean): void => {
      tabs.forEach((tab, i) => {
        const selected = i === index;
        tab.setAttribute('aria-selected', String(selected));
        tab.tabIndex = selected ? 0 : -1;
        tab.classList.toggle('is-selected', selected);
        panels[i]!.hidden = !selected;
      });
      if (focus) tabs[index].focus();
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
    select(0, false);
  }
}
