import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ejs from 'ejs';

const PARTIAL = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../views/members/results/partials/health-condition.ejs');

/**
 * `views/members/results/partials/health-condition.ejs` for one condition. The health page shows
 * about 120 of them and rendering them was most of the page's time, so with `keep` each
 * condition's HTML is kept with the condition: the page data cache (page-data-cache.ts) hands the
 * same objects to every view while the results stand. The partial reads only the condition and
 * the fixed words of health-rules. Without `keep` (development) the partial is read every time.
 */
export function healthConditionRenderer({ keep }: { keep: boolean }) {
  let template: ejs.TemplateFunction | undefined;
  const rendered = new WeakMap<object, string>();
  return (c: object, health: object): string => {
    const kept = keep ? rendered.get(c) : undefined;
    if (kept !== undefined) return kept;
    if (!template || !keep) template = ejs.compile(fs.readFileSync(PARTIAL, 'utf8'), { filename: PARTIAL });
    const html = template({ c, health });
    if (keep) rendered.set(c, html);
    return html;
  };
}
