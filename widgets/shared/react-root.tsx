import { Component, type ComponentType, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';

interface BoundaryProps {
  onError: (error: unknown) => void;
  children: ReactNode;
}

/** Keeps a widget's render error inside its own root and reports it. */
export class WidgetErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    this.props.onError(error);
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}

/** Renders `Widget` in a React root of its own on `element`; errors go to `onError`. */
export function renderWidget<P extends object>(
  element: HTMLElement,
  Widget: ComponentType<P>,
  props: P,
  onError: (error: unknown) => void,
): Root {
  const root = createRoot(element, {
    onCaughtError: () => {}, // the boundary reports it
    onUncaughtError: onError,
  });
  root.render(
    <WidgetErrorBoundary onError={onError}>
      <Widget {...props} />
    </WidgetErrorBoundary>,
  );
  return root;
}
