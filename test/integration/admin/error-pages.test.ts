// The error page of an admin request says its reason once: its heading, not the heading and a
// paragraph repeating it (views/error.ejs). A 404 keeps 'Not found' above the reason.
import { expect } from 'chai';
import { csrfToken, signIn, testApp } from '../../support/app.js';
import { resetDatabase, testDb } from '../../support/database.js';
import { createUser, TEST_PASSWORD } from '../../support/factories.js';
import { queueEmail } from '../../../server/outbox/queue.js';
import { OUTBOX_NOT_DEAD } from '../../../server/outbox/admin-routes.js';
import { NOT_AUTHORIZED } from '../../../server/shared/messages.js';

/** The page's text between its header and footer, where the reason shows. */
const mainText = (html: string) => (/<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? html).replace(/<[^>]+>/g, ' ');
const timesSaid = (html: string, text: string) => mainText(html).split(text).length - 1;

describe('admin error pages', () => {
  it('say the reason of a refusal once', async () => {
    const db = await testDb();
    await resetDatabase(db);
    const app = await testApp();
    const admin = await signIn(app, (await createUser(db, { isAdmin: true })).email, TEST_PASSWORD);
    await queueEmail(db, { userId: null, to: 'queued@example.test', subject: 'Still queued', text: 'Hi' });
    const id = Number(await db('outbox').first('id').then((row) => row.id));
    const retried = await admin.post(`/admin/outbox/${id}/retry`).type('form').send({ _csrf: await csrfToken(admin, '/help') }).expect(409);
    expect(retried.text).to.include(`<h1>${OUTBOX_NOT_DEAD}</h1>`);
    expect(timesSaid(retried.text, OUTBOX_NOT_DEAD)).to.equal(1);

    const member = await signIn(app, (await createUser(db)).email, TEST_PASSWORD);
    const refused = await member.get('/admin').expect(403);
    expect(refused.text).to.include(`<h1>${NOT_AUTHORIZED}</h1>`);
    expect(timesSaid(refused.text, NOT_AUTHORIZED)).to.equal(1);

    const missing = await admin.get('/admin/no-such-page').expect(404);
    expect(missing.text).to.include('<h1>Not found</h1>').and.include('<p>Page not found</p>');
  });
});
