import { elementsIn } from './dom';
import { parseWidgetProps } from './props';
import { widgetRegistry } from './registry';
import type { WidgetErrorDetail, WidgetErrorHandler, WidgetRegistry } from './widget-types';

export interface MountOptions {
  registry?: WidgetRegistry;
  /** Tests swap in a handler that rethrows. */
  onError?: WidgetErrorHandler;
}

/** What is mounted on each marker element; an element is never mounted twice. */
const mounted = new WeakMap<Element, Promise<unknown>>();

/** Logs a widget failure, marks its element and tells the page with a `widget-error` event. */
export function reportWidgetError(name: string, error: unknown, element: HTMLElement): void {
  console.error(`Widget "${name}" failed`, error);
  element.setAttribute('data-widget-error', error instanceof Error ? error.message : String(error));
  const detail: WidgetErrorDetail = { name, error };
  (element.ownerDocument.defaultView ?? window).dispatchEvent(new CustomEvent('widget-error', { detail }));
}

async function mountWidget(element: HTMLElement, registry: WidgetRegistry, onError: WidgetErrorHandler): Promise<void> {
  const name = element.dataset.widget ?? '';
  try {
    const load = Object.hasOwn(registry, name) ? registry[name] : undefined;
    if (!load) throw new Error(`Unknown widget "${name}"`);
    const raw = parseWidgetProps(element.dataset.props);
    const loading = load();
    // Widgets are React as a rule, so React is fetched alongside rather than after the widget.
    const reactRoot = import('../shared/react-root');
    reactRoot.catch(() => {}); // reported below when this widget needs it
    const widget = await loading;
    const props = widget.parseProps ? widget.parseProps(raw) : raw;
    if (widget.mount) {
      await widget.mount(element, props);
    } else if (widget.default) {
      const { renderWidget } = await reactRoot;
      renderWidget(element, widget.default, props, (error) => onError(name, error, element));
    } else {
      throw new Error(`Widget "${name}" exports neither a default component nor mount`);
    }
  } catch (error) {
    onError(name, error, element);
  }
}

/**
 * Mounts every `[data-widget]` marker under `root` that is not mounted yet, each on its own
 * and isolated: one failing widget is reported and the others still mount.
 */
export function mountWidgets(root: ParentNode = document, options: MountOptions = {}): Promise<void> {
  const { registry = widgetRegistry, onError = reportWidgetError } = options;
  const mounting: Promise<unknown>[] = [];
  for (const element of elementsIn(root, '[data-widget]')) {
    if (mounted.has(element)) continue;
    const done = mountWidget(element, registry, onError);
    mounted.set(element, done);
    mounting.push(done);
  }
  return Promise.all(mounting).then(() => undefined);
}
