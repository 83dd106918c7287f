// /robots.txt and the sitemaps of public dogs (issue 11 §6). Dogs are listed by ranges of pet
// numbers, at most SITEMAP_URLS a file, so a file is one index range scan however many dogs exist.
import type { Db } from '../db/index.js';
import { dogPath } from './seo.js';
import { hasResultsSql } from '../shell/counts.js';

export const SITEMAP_URLS = 50_000;

// Public, and with released results: a dog still awaiting them has a page with nothing to find.
const PUBLIC_DOGS = `privacy = 'public' and not is_hidden and deleted_at is null and ${hasResultsSql('pets.pet_num')}`;

const xmlEscape = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The sitemap files that have at least one dog: file k lists pet numbers [k·N, (k+1)·N). */
export async function sitemapFiles(db: Db): Promise<number[]> {
  const { rows } = await db.raw<{ rows: { file: number }[] }>(`select distinct (pet_num / ?)::int as file from pets where ${PUBLIC_DOGS} order by 1`, [SITEMAP_URLS]);
  return rows.map((row) => Number(row.file));
}

export function sitemapIndexXml(baseUrl: string, files: readonly number[]): string {
  const entries = files.map((file) => `<sitemap><loc>${xmlEscape(`${baseUrl}/sitemaps/dogs-${file}.xml`)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
}

export async function sitemapDogs(db: Db, file: number): Promise<{ handle: string; updatedAt: Date }[]> {
  return db('pets')
    .whereRaw(PUBLIC_DOGS)
    .where('pet_num', '>=', file * SITEMAP_URLS)
    .where('pet_num', '<', (file + 1) * SITEMAP_URLS)
    .orderBy('pet_num')
    .select('handle', { updatedAt: 'updated_at' });
}

export function sitemapXml(baseUrl: string, dogs: readonly { handle: string; updatedAt: Date }[]): string {
  const entries = dogs.map((dog) => `<url><loc>${xmlEscape(`${baseUrl}${dogPath(dog.handle)}`)}</loc><lastmod>${new Date(dog.updatedAt).toISOString().slice(0, 10)}</lastmod></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(baseUrl: string): string {
  return ['User-agent: *', 'Disallow: /members/', 'Disallow: /admin', 'Disallow: /cs/', 'Disallow: /api/', 'Disallow: /graphql', `Sitemap: ${baseUrl}/sitemap.xml`, ''].join('\n');
}
