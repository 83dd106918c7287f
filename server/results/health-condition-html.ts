import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ejs from 'ejs';

const PARTIAL = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../views/members/results/partials/health-condition.ejs');
const MAX_KEPT = 5_000;

/**
 * `views/members/results/partials/health-condition.ejs` for one condition. The health page shows
 * about 120 of them and rendering them was most of the page's time, so with `keep` the HTML is
 * kept under the condition's own content (catalogue text and the dog's call): a dog with the same
 * call on a condition gets the same HTML, and a change of either text is a new key, never a stale
 * page. The partial reads only the condition and the fixed words of health-rules. Without `keep`
 * (development) the partial is read every time.
 */
export function healthConditionRenderer({ keep }: { keep: boolean }) {
  let template: ejs.TemplateFunction | undefined;
  const rendered = new Map<string, string>();
  // a dog's conditions kept under its results version are the same objects on every view: no key to build
  const byObject = new WeakMap<object, string>();
  return (c: object, health: object): string => {
    const same = keep ? byObject.get(c) : undefined;
    if (same !== undefined) return same;
    const key = keep ? JSON.stringify(c) : '';
    const kept = keep ? rendered.get(key) : undefined;
    if (kept !== undefined) {
      byObject.set(c, kept);
      return kept;
    }
    if (!template || !keep) template = ejs.compile(fs.readFileSync(PARTIAL, 'utf8'), { filename: PARTIAL, rmWhitespace: true });
    const html = template({ c, health });
    if (keep) {
      if (rendered.size >= MAX_KEPT) rendered.delete(rendered.keys().next().value!);
      rendered.set(key, html);
      byObject.set(c, html);
    }
    return html;
  };
}
