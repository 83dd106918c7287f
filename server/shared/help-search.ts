// Matching Help Center questions to what a reader typed; the page filters with it on the server
// (/help?q=, no script needed) and the help-search widget with it as the reader types.

/** Lower-case words of at least two characters, accents removed, so 'Coat colour' finds 'colour'. */
export function searchWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length >= 2);
}

/** True when every word of the query starts some word of the text: 'act kit' matches 'activate my kit'. */
export function matchesQuery(text: string, query: string): boolean {
  const wanted = searchWords(query);
  if (wanted.length === 0) return true;
  const words = searchWords(text);
  return wanted.every((part) => words.some((word) => word.startsWith(part)));
}

/** The query as the search box keeps it: trimmed and at most 100 characters. */
export function cleanQuery(raw: unknown): string {
  return typeof raw === 'string' ? raw.trim().slice(0, 100) : '';
}
