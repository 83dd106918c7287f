// Reading a server-rendered form's error focus from its HTML: which elements carry `autofocus`,
// and the opening tag of an element.

/** The opening tags of the elements with an `autofocus` attribute. */
export function autofocusedTags(html: string): string[] {
  return Array.from(html.matchAll(/<[a-z]+\b[^>]*\sautofocus\b[^>]*>/g), (match) => match[0]);
}

/** The opening tag of the element with this id; throws when there is none. */
export function tagWithId(html: string, id: string): string {
  const tag = html.match(new RegExp(`<[a-z]+\\b[^>]*\\sid="${id}"[^>]*>`))?.[0];
  if (!tag) throw new Error(`no element with id ${id}`);
  return tag;
}
