// Just enough reading of the server's own HTML for the vet form tests (no HTML parser among the dependencies).

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&#34;': '"', '&#39;': "'", '&quot;': '"' };
const unescape = (text: string) => text.replace(/&(amp|lt|gt|quot|#34|#39);/g, (entity) => ENTITIES[entity]);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The opening tag of the element with this id, or null. */
export function tagById(html: string, id: string): string | null {
  return new RegExp(`<[a-z]+\\b[^>]*\\bid="${escapeRegExp(id)}"[^>]*>`).exec(html)?.[0] ?? null;
}

/** An attribute of the element with this id: its text, '' for a bare attribute, null when absent. */
export function attrOf(html: string, id: string, name: string): string | null {
  const tag = tagById(html, id);
  if (!tag) return null;
  const match = new RegExp(`\\s${escapeRegExp(name)}(?:="([^"]*)")?(?=[\\s>])`).exec(tag);
  return match ? unescape(match[1] ?? '') : null;
}

/** The text inside the element with this id (no nested elements of the same kind); a textarea's first line break is dropped, as browsers do. */
export function textOf(html: string, id: string): string | null {
  const match = new RegExp(`<([a-z]+)\\b[^>]*\\bid="${escapeRegExp(id)}"[^>]*>([\\s\\S]*?)</\\1>`).exec(html);
  if (!match) return null;
  const inner = match[1] === 'textarea' ? match[2].replace(/^\r?\n/, '') : match[2].replace(/<[^>]+>/g, '');
  return unescape(inner);
}

/** The value of the selected option of the select with this id ('' for none). */
export function selectedOf(html: string, id: string): string | null {
  const match = new RegExp(`<select\\b[^>]*\\bid="${escapeRegExp(id)}"[^>]*>([\\s\\S]*?)</select>`).exec(html);
  if (!match) return null;
  return /<option value="([^"]*)" selected>/.exec(match[1])?.[1] ?? '';
}

/** The names of the form controls marked aria-invalid in the html. */
export function invalidFields(html: string): string[] {
  return [...html.matchAll(/<(?:input|select|textarea)\b[^>]*>/g)].map((m) => m[0]).filter((tag) => /\saria-invalid="true"/.test(tag)).map((tag) => /\sname="([^"]*)"/.exec(tag)?.[1] ?? '');
}
