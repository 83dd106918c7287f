/** A handle from a dog's name: lower-case letters, digits and hyphens, 2 to 40 characters. */
export function handleBaseFor(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/g, '');
  return base.length >= 2 ? base : `dog-${base || 'x'}`;
}
