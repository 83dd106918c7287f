// QA finding: after a refused save on the settings page the first field in error of that form
// takes the focus (autofocus), marked invalid and described by its message; a refusal of no
// field focuses the form's message.
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { Express } from 'express';
import { resetDatabase, testDb } from '../../support/database.js';
import { csrfToken, signIn, testApp, type Agent } from '../../support/app.js';
import { createUser, TEST_PASSWORD } from '../../support/factories.js';
import { autofocusedTags, tagWithId } from '../../support/html-focus.js';
import { SETTINGS_UNEXPECTED_FIELDS } from '../../../server/shared/messages.js';

describe('focus after a refused save on the settings page', () => {
  let app: Express;
  let agent: Agent;
  let token: string;

  before(async () => {
    await resetDatabase(await testDb());
    app = await testApp();
    const user = await createUser(await testDb(), { email: `focus-${randomUUID()}@example.test` });
    agent = await signIn(app, user.email, TEST_PASSWORD);
    token = await csrfToken(agent, '/members/profile');
  });

  const save = (path: string, form: Record<string, string>) => agent.post(path).type('form').send({ _csrf: token, ...form }).expect((r) => expect(r.status).to.be.within(400, 499));

  it('focuses nothing on the page as loaded', async () => {
    expect(autofocusedTags((await agent.get('/members/profile')).text)).to.deep.equal([]);
  });

  it('focuses the first invalid account detail', async () => {
    const response = await save('/members/profile', { name: 'Jordan', countryCode: 'ZZ' });
    expect(autofocusedTags(response.text)).to.deep.equal([tagWithId(response.text, 'countryCode')]);
    expect(tagWithId(response.text, 'countryCode')).to.include('aria-describedby="countryCode-error"');
    const both = await save('/members/profile', { name: ' ', countryCode: 'ZZ' });
    expect(autofocusedTags(both.text)).to.deep.equal([tagWithId(both.text, 'name')]);
  });

  it("focuses the form's message when no one field is in error", async () => {
    const response = await save('/members/profile', { name: 'Jordan', countryCode: 'US', isAdmin: 'true' });
    const [focused, ...others] = autofocusedTags(response.text);
    expect(others).to.deep.equal([]);
    expect(focused).to.include('data-settings-details-error').and.include('tabindex="-1"');
    expect(response.text).to.include(`${focused}${SETTINGS_UNEXPECTED_FIELDS}</p>`);
  });

  it('focuses the refused phone number and the wrong current password', async () => {
    const phone = await save('/members/profile/phone', { phoneSMS: '12', phoneSMSIntlFormat: '+1412' });
    expect(autofocusedTags(phone.text)).to.deep.equal([tagWithId(phone.text, 'phoneSMS')]);
    expect(tagWithId(phone.text, 'phoneSMS')).to.include('aria-invalid="true"').and.include('aria-describedby="phoneSMS-error"');
    const password = await save('/members/profile/password', { currentPassword: 'not-the-password', newPassword: 'brand-new-pass' });
    expect(autofocusedTags(password.text)).to.deep.equal([tagWithId(password.text, 'currentPassword')]);
    expect(tagWithId(password.text, 'currentPassword')).to.include('aria-describedby="currentPassword-error"');
  });
});
