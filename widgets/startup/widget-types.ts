import type { ComponentType } from 'react';

/**
 * What a widget's `mount` module exports. A React widget exports its component as default
 * (the start-up script renders it in the element's own React root); a widget that is not
 * React exports `mount`. Either may export `parseProps` to turn the marker's JSON into typed
 * props, throwing on bad input.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the start-up script mounts modules of every widget's props
export interface WidgetModule<P = any> {
  default?: ComponentType<P>;
  mount?: (element: HTMLElement, props: P) => void | Promise<void>;
  parseProps?: (raw: Record<string, unknown>) => P;
}

export type WidgetLoader = () => Promise<WidgetModule>;
export type WidgetRegistry = Readonly<Record<string, WidgetLoader>>;
export type WidgetErrorHandler = (name: string, error: unknown, element: HTMLElement) => void;

/** `detail` of the `widget-error` event dispatched on window. */
export interface WidgetErrorDetail {
  name: string;
  error: unknown;
}
