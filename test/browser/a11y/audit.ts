// axe-core on every page of every role (issue 20 item 4): no serious or critical violation of
// WCAG 2.1 A/AA (colour contrast, names of buttons and links, labels, landmarks…). The audit is
// split over several files by role, so that parallel workers share it; this module holds what
// they have in common: the pages of each role and the audit of a list of pages.
import { expect } from 'chai';
import type { Express } from 'express';
import { browserSuite, type BrowserSite, type Viewport } from '../../support/browser.js';
import { DEMO_ACCOUNTS } from '../../support/demo.js';
import { awaitingPetNum, demoPopulation, ownedPetNum } from '../../integration/results/population.js';
import { testDb } from '../../support/database.js';
import { seriousViolations, type PageViolations } from '../../support/axe.js';
import { restRoutes } from '../../integration/fuzz/targets.js';
import { hashReportToken } from '../../../server/vets/shares.js';
import { finishUpload, queueLabUpload } from '../../../server/lab/uploads.js';

export type Role = keyof typeof DEMO_ACCOUNTS | 'anonymous';
export type RolePages = Record<Role, string[]>;

const RESULTS_PAGES = ['profile', 'summary', 'research-surveys', 'breed-and-ancestry', 'health', 'health/breed-relevant', 'health/other', 'relatives', 'traits', 'care'];

/**
 * GET routes that answer with something other than a page (data, files, feeds) or only redirect;
 * every other GET route of the app must be audited below, so a new page cannot miss the audit.
 */
const NOT_PAGES = [
  /^\/(api|sitemaps?)\b/,
  /\/api\//,
  /^\/media\//, // uploaded files
  /^\/members\/reports\/print-vet-report-pdf\//, // a PDF
  /^\/members\/patients\/:id\/vet-report\.pdf$/, // a PDF
  /^\/members\/(pet-rotate|pet-delete|change-pet-profile-pic)\//, // gallery actions answering JSON
  /^\/(favicon\.ico|healthz|robots\.txt|sitemap\.xml)$/,
  /^\/getpublicpetimg\//,
  /\/json$/,
  /^\/members\/chat\/(events|get-|delete-)/,
  /^\/members\/pet\/:petNum\/raw-data$/,
  /^\/members\/check-handle\//,
  /^\/admin\/lab\/uploads\/:id$/, // an upload's state, as JSON
  /^\/(logout|members\/unimpersonate)$/, // sign out and end impersonation, then redirect
  /^\/members\/pet\/about$/, // redirects to the first dog's about page
  /^\/members\/$/, // the same page as /members
];

/** GET routes of pages that no role's list visits. */
export function routesNoRoleAudits(app: Express, pages: RolePages): string[] {
  const audited = Object.values(pages).flat();
  return restRoutes(app)
    .filter((route) => route.method === 'GET' && !NOT_PAGES.some((pattern) => pattern.test(route.path)))
    .filter((route) => !audited.some((path) => routeMatches(route.path, path)))
    .map((route) => route.path);
}

/** Whether `path` (with its query) is an address the route `pattern` (with :params) answers. */
function routeMatches(pattern: string, path: string): boolean {
  const source = pattern.split(/(:\w+)/).map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('');
  return new RegExp(`^${source}/?$`).test(path.split('?')[0]);
}

/** The pages each role audits, with the rows their pages need added to the demo population. */
async function pagesOfEveryRole(): Promise<RolePages> {
  const biscuit = await ownedPetNum('parent@demo.test', 'Biscuit');
  const maple = await ownedPetNum('parent@demo.test', 'Maple');
  const nova = await awaitingPetNum();
  const db = await testDb();
  const otis = (await db('practice_patients').join('pets', 'pets.pet_num', 'practice_patients.pet_num').where('pets.name', 'Otis').first('practice_patients.id')).id;
  const patient = (await db('practice_patients').where({ pet_num: biscuit }).first('id')).id;
  // A release to a client (the link of the vet's e-mail), a photo and a document, for their pages.
  const transferToken = 'a11y-transfer-token-0123456789';
  const unclaimed = await db('practice_patients').whereNull('client_user_id').orderBy('id').first('id');
  await db('practice_patients').where({ id: unclaimed.id }).update({ transfer_token_hash: hashReportToken(transferToken) });
  await db('media').insert([
    { pet_num: biscuit, media_type: 'image', public_id: 'ui/a11y-photo', resource_type: 'image', content_type: 'image/jpeg' },
    { pet_num: biscuit, media_type: 'document', public_id: 'a11y-document', resource_type: 'raw', content_type: 'application/pdf', is_gallery: false },
  ]);
  // The breeder's published kennel page (issue 14) and a pair prediction of two of the kennel's dogs.
  const breederId = (await db('users').where({ email: DEMO_ACCOUNTS.breeder.email }).first('id')).id;
  await db('kennel_profiles').insert({ user_id: breederId, slug: 'sunny-meadow', description: 'Health-tested dogs raised at home.', location: 'Ithaca, NY', breed_slugs: ['labrador-retriever'], website: 'https://sunny.example' }).onConflict('user_id').ignore();
  const kennelDog = (sex: string) => db('pets').join('pet_owners', 'pet_owners.pet_num', 'pets.pet_num').join('genotypes', 'genotypes.pet_num', 'pets.pet_num').where({ 'pet_owners.user_id': breederId, 'pets.sex': sex }).first('pets.pet_num');
  const [kennelSire, kennelDam] = await Promise.all([kennelDog('m'), kennelDog('f')]);
  const results = (petNum: number) => RESULTS_PAGES.map((name) => `/members/results/${name}?i=${petNum}`);
  // a conversation opened with another owner's dog (the selected item of the chat list)
  // A lab upload waiting for its job (the page follows it) and one the lab refused (the form typed again).
  const adminId = (await db('users').where({ email: DEMO_ACCOUNTS.admin.email }).first('id')).id;
  const labUpload = (name: string) => queueLabUpload(db, { uploadedBy: adminId, form: { swabCode: 'A11YSWAB0001', ownerEmail: '', dogName: '', replaceReleased: false }, files: [{ name, content: Buffer.from('# swab: A11YSWAB0001\n') }] });
  const queuedUpload = await labUpload('a11y-queued.tsv');
  const failedUpload = await labUpload('a11y-refused.tsv');
  await db.transaction((trx) => finishUpload(trx, failedUpload, { status: 'failed', errors: ['a11y-refused.tsv: line 2: the file holds no markers'] }));
  const otherOwnersDog = await db('pets').join('pet_owners', 'pet_owners.pet_num', 'pets.pet_num').where({ 'pet_owners.user_id': breederId, 'pets.privacy': 'public' }).whereNull('pets.deleted_at').first('pets.handle');
  return {
    anonymous: ['/', '/login', '/signup', '/help', '/contact', '/vets', '/breeders', '/dog/biscuit', '/dog/maple', '/forgot-password', '/vets/signup', '/reset-password/not-a-real-token', '/styleguide', `/patient-transfer/${transferToken}`, '/kennel/sunny-meadow'],
    parent: [
      '/members',
      '/members/messages',
      '/members/chat',
      `/members/chat?to=${otherOwnersDog.handle}`,
      '/members/activate',
      '/members/profile',
      '/members/add-a-dog',
      `/members/pet/about/${biscuit}`,
      `/members/nutrition?i=${biscuit}`,
      '/members/forbidden/read-only-account',
      '/dog/biscuit?compareMix=maple',
      '/dog/maple',
      '/related/biscuit/maple',
      '/dogs-like-mine/biscuit/maple',
      '/members/forbidden/shared-pet-operation-no-permission',
      `/members/pet-upload-succeeded/image/${biscuit}?publicId=ui/a11y-photo`,
      `/members/pet/about/uploadedProfilePicture/${biscuit}?publicId=ui/a11y-photo`,
      `/members/doc-upload-succeeded/${biscuit}/a11y-document/raw`,
      ...results(biscuit),
      `/members/results/summary?i=${maple}`,
      `/members/results/health?i=${maple}&vetShare=sent&vetShareError=email-invalid`,
    ],
    breeder: [
      '/members',
      '/breeders/breeder-profile',
      '/breeders/pair-predictor',
      `/breeders/pair-predictor?sire=${kennelSire.pet_num}&dam=${kennelDam.pet_num}`,
      '/members/breeder-tools/matchmaker',
      '/members/breeder-dog-settings/privacy',
      `/members/results/summary?i=${nova}`,
      `/members/results/health?i=${nova}`,
    ],
    vet: ['/members', '/members?q=o', `/members/patients/${otis}`, `/members/patients/${patient}`, '/members/shopify/vet', `/members/results/summary?i=${biscuit}`, `/members/results/health?i=${biscuit}`, `/members/results/breed-and-ancestry?i=${biscuit}`],
    admin: ['/members', '/admin', '/admin/lab', `/admin/lab?upload=${queuedUpload}`, `/admin/lab?upload=${failedUpload}`, '/admin/outbox', '/cs/impersonate', '/admin/data-table/pets_info?searchParam=a', '/admin/data-table/users', '/admin/surveys', '/admin/serial-scanning', '/admin/serial-scanning/search?code=EM-DEMO-0001', `/members/results/traits?i=${biscuit}`],
    subadmin: ['/members', '/cs/impersonate'],
    newbie: ['/members', '/members/activate'],
  };
}

export interface AuditSite extends BrowserSite {
  readonly app: Express;
  readonly pages: RolePages;
}

/** The demo population served to Chromium, with every role's pages (call at the top of a describe). */
export function auditSuite(): AuditSite {
  let app: Express | undefined;
  let pages: RolePages | undefined;
  const site = browserSuite(async () => {
    app = await demoPopulation();
    pages = await pagesOfEveryRole();
    return app;
  });
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('auditSuite: used before the suite started');
    return value;
  };
  return Object.defineProperties(site, {
    app: { get: () => ready(app) },
    pages: { get: () => ready(pages) },
  }) as AuditSite;
}

/** axe's serious and critical violations on each of `paths`, visited in order by one page signed in as `role`. */
export async function auditPages(site: BrowserSite, role: Role, paths: string[], viewport?: Viewport): Promise<string> {
  const page = await site.newPage({ viewport, as: role === 'anonymous' ? undefined : role });
  const found: PageViolations[] = [];
  for (const path of paths) {
    const response = await page.goto(`${site.origin}${path}`);
    // The forbidden pages answer 403 by design; they still must be accessible.
    expect(response?.status(), `${role} ${path}`).to.be.lessThan(500);
    // Widgets mount before the ready marker (spec 2 §4), so axe sees the enhanced page.
    await page.waitForSelector('body.page-ready', { timeout: 10_000 }).catch(() => undefined);
    const violations = await seriousViolations(page);
    if (violations.length) found.push({ role, path, violations });
  }
  return found.map(report).join('\n');
}

function report({ role, path, violations }: PageViolations): string {
  return violations.map((v) => `${role} ${path}: ${v.impact} ${v.id} (${v.help}) at ${v.targets.slice(0, 4).join(' | ')}`).join('\n');
}
