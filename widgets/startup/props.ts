/**
 * The props of a marker `<div data-widget="name" data-props='{"petNum":123}'>`: the attribute
 * (HTML-escaped by the server, unescaped by the browser) must hold a JSON object. No
 * attribute, or an empty one, means no props.
 */
export function parseWidgetProps(text: string | null | undefined): Record<string, unknown> {
  if (text == null || text.trim() === '') return {};
  const value: unknown = JSON.parse(text);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TypeError('Widget props must be a JSON object');
  }
  return value as Record<string, unknown>;
}
