// The settings page /members/profile: account details, phone for text messages, e-mail preferences (issue 5 point 5).
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { Express } from 'express';
import request from 'supertest';
import { resetDatabase, testDb } from '../../support/database.js';
import { csrfToken, graphql, signIn, testApp, type Agent } from '../../support/app.js';
import { createUser, TEST_PASSWORD } from '../../support/factories.js';
import { mainText } from '../results/population.js';
import type { User } from '../../../server/users/queries.js';
import {
  INVALID_ARGUMENTS,
  NAME_REQUIRED,
  NOT_AUTHORIZED,
  PHONE_INVALID,
  PLEASE_LOG_IN,
  SETTINGS_COUNTRY_INVALID,
  SETTINGS_DETAILS_SAVED,
  SETTINGS_EMAIL_SAVED,
  SETTINGS_FORM_INVALID,
  SETTINGS_NAME_CONTROL_CHARACTERS,
  SETTINGS_NAME_TOO_LONG,
  SETTINGS_PHONE_REMOVED,
  SETTINGS_PHONE_SAVED,
  SETTINGS_READ_ONLY,
  SETTINGS_UNEXPECTED_FIELDS,
} from '../../../server/shared/messages.js';

const ALL_FLAGS =
  'chat dogsLikeMine relativeFinder careResources researchSurveys newsletters promotionsAndSales productUpdates breederNewsletters breederPromotionsAndSales breederProductUpdates vetNewsletters vetPromotionsAndSales vetProductUpdates';
const READ = `{ me { emailPreferences { ${ALL_FLAGS} } } }`;
const UPDATE = `mutation($preferences: EmailPreferencesInput!) { updateUserEmailPreferences(preferences: $preferences) { ${ALL_FLAGS} } }`;

const DEFAULTS = {
  chat: true,
  dogsLikeMine: true,
  relativeFinder: true,
  careResources: true,
  researchSurveys: true,
  newsletters: true,
  promotionsAndSales: false,
  productUpdates: true,
  breederNewsletters: true,
  breederPromotionsAndSales: false,
  breederProductUpdates: true,
  vetNewsletters: true,
  vetPromotionsAndSales: false,
  vetProductUpdates: true,
};

let counter = 0;
const uniqueEmail = (who: string) => `settings-${who}-${++counter}-${randomUUID().slice(0, 8)}@example.test`;

async function userRow(id: number) {
  return (await testDb())('users').where({ id }).first('name', 'country_code', 'phone_sms');
}

async function preferenceRow(id: number) {
  return (await testDb())('email_preferences').where({ user_id: id }).first();
}

describe('account settings page and e-mail preferences', function () {
  let app: Express;

  async function person(overrides: Parameters<typeof createUser>[1] = {}): Promise<{ user: User; agent: Agent; token: string }> {
    const user = await createUser(await testDb(), { email: uniqueEmail('user'), name: 'Jordan Parent', ...overrides });
    const agent = await signIn(app, user.email, TEST_PASSWORD);
    return { user, agent, token: await csrfToken(agent, '/members/profile') };
  }

  before(async () => {
    await resetDatabase(await testDb()); // every file starts from the migrated, empty database
    app = await testApp();
  });

  describe('signed out', () => {
    it('sends the page and every form home, and refuses the GraphQL calls, changing nothing', async () => {
      const { user } = await person();
      const visitor = request.agent(app);
      expect((await visitor.get('/members/profile').expect(302)).headers.location).to.equal('/');
      const token = await csrfToken(visitor);
      for (const [path, form] of [
        ['/members/profile', { name: 'Intruder', countryCode: 'GB' }],
        ['/members/profile/phone', { phoneSMSIntlFormat: '+14155552671' }],
        ['/members/profile/email-preferences', { emailPreferences: 'chat' }],
      ] as const) {
        expect((await visitor.post(path).type('form').send({ _csrf: token, ...form }).expect(302)).headers.location, path).to.equal('/');
      }
      const read = await graphql(visitor, READ);
      expect(read.body.errors[0].message).to.equal(PLEASE_LOG_IN);
      const update = await graphql(visitor, UPDATE, { preferences: { chat: false } });
      expect(update.body.errors[0].message).to.equal(PLEASE_LOG_IN);
      expect(await userRow(user.id)).to.deep.equal({ name: 'Jordan Parent', country_code: 'US', phone_sms: null });
      expect(await (await testDb())('email_preferences').where({ user_id: user.id }).first()).to.equal(undefined);
    });
  });

  describe('the page', () => {
    it('shows the account details, the phone form and the default flags of a pet parent', async () => {
      const { user, agent } = await person();
      const page = await agent.get('/members/profile').expect(200);
      expect(page.text).to.include('<title>Settings | Embark</title>');
      expect(page.text).to.include('value="Jordan Parent"');
      expect(page.text).to.include(`value="${user.email}" readonly`);
      expect(page.text).to.match(/<option value="US" selected>United States<\/option>/);
      expect(page.text).to.include('<option value="GB">United Kingdom</option>');
      expect(page.text).to.include('name="phoneSMSIntlFormat"');
      expect(page.text).to.include('data-widget="phone-sms"');
      expect(page.text).to.include('data-widget="email-preferences"');
      expect(page.text).to.include('&#34;preferredCountries&#34;:[&#34;us&#34;,&#34;gb&#34;,&#34;au&#34;,&#34;de&#34;]');
      expect(page.text).to.match(/value="chat" data-email-preference="chat" checked>/);
      expect(page.text).to.match(/value="promotionsAndSales" data-email-preference="promotionsAndSales">/);
      expect(page.text).to.not.include('data-email-group="breeder"');
      expect(page.text).to.not.include('data-email-group="vet"');
      for (const label of ['Account details', 'Text messages', 'E-mail preferences', 'New relatives found for my dogs', 'Promotions and sales']) {
        expect(mainText(page.text)).to.include(label);
      }
    });

    it('shows breeders the breeder variants and vets the vet variants', async () => {
      const breeder = await person({ isBreeder: true });
      const breederPage = (await breeder.agent.get('/members/profile').expect(200)).text;
      expect(breederPage).to.include('data-email-group="breeder"');
      expect(breederPage).to.not.include('data-email-group="vet"');
      expect(mainText(breederPage)).to.include('Breeder promotions and sales');
      const vet = await person({ isVet: true });
      const vetPage = (await vet.agent.get('/members/profile').expect(200)).text;
      expect(vetPage).to.include('data-email-group="vet"');
      expect(vetPage).to.not.include('data-email-group="breeder"');
    });

    it('serves the phone field stylesheet and flags to signed-in members', async () => {
      const { agent } = await person();
      const css = await agent.get('/members/profile/assets/intl-tel-input/css/intlTelInput.min.css').expect(200);
      expect(css.headers['content-type']).to.match(/text\/css/);
      await agent.get('/members/profile/assets/intl-tel-input/img/flags.webp').expect(200);
      // Only the package's dist folder is served.
      const outside = await agent.get('/members/profile/assets/intl-tel-input/js/../../package.json');
      expect(outside.status).to.be.oneOf([403, 404]);
      await agent.get('/members/profile/assets/intl-tel-input/missing.css').expect(404);
      await request(app).get('/members/profile/assets/intl-tel-input/css/intlTelInput.min.css').expect(302);
    });
  });

  describe('account details form', () => {
    it('saves the name and country and shows them after reload', async () => {
      const { user, agent, token } = await person();
      const saved = await agent.post('/members/profile').type('form').send({ _csrf: token, name: '  Jordan Q. Parent ', countryCode: 'gb' }).expect(303);
      expect(saved.headers.location).to.equal('/members/profile?saved=details');
      expect(await userRow(user.id)).to.deep.equal({ name: 'Jordan Q. Parent', country_code: 'GB', phone_sms: null });
      const page = (await agent.get(saved.headers.location).expect(200)).text;
      expect(mainText(page)).to.include(SETTINGS_DETAILS_SAVED);
      expect(page).to.include('value="Jordan Q. Parent"');
      expect(page).to.match(/<option value="GB" selected>/);
      expect(page).to.include('&#34;initialCountry&#34;:&#34;gb&#34;');
    });

    it('refuses bad input with a message per field, keeping what was typed (escaped) and saving nothing', async () => {
      const { user, agent, token } = await person();
      const cases: [Record<string, unknown>, string[]][] = [
        [{ name: '   ', countryCode: 'US' }, [NAME_REQUIRED]],
        [{ name: 'x'.repeat(101), countryCode: 'US' }, [SETTINGS_NAME_TOO_LONG]],
        [{ name: 'Line\nbreak', countryCode: 'US' }, [SETTINGS_NAME_CONTROL_CHARACTERS]],
        [{ name: '<script>alert(1)</script>', countryCode: 'ZZ' }, [SETTINGS_COUNTRY_INVALID]],
        [{ countryCode: 'USA' }, [NAME_REQUIRED, SETTINGS_COUNTRY_INVALID]],
        [{ name: 'Jordan', countryCode: 'US', isAdmin: 'true' }, [SETTINGS_UNEXPECTED_FIELDS]],
      ];
      for (const [form, expected] of cases) {
        const response = await agent.post('/members/profile').type('form').send({ _csrf: token, ...form }).expect(400);
        const text = mainText(response.text);
        for (const message of expected) expect(text, JSON.stringify(form)).to.include(message);
        if (!expected.includes(SETTINGS_UNEXPECTED_FIELDS)) expect(text).to.include(SETTINGS_FORM_INVALID);
      }
      const escaped = await agent.post('/members/profile').type('form').send({ _csrf: token, name: '<script>alert(1)</script>', countryCode: 'ZZ' }).expect(400);
      expect(escaped.text).to.include('value="&lt;script&gt;alert(1)&lt;/script&gt;"');
      expect(escaped.text).to.not.include('<script>alert(1)');
      expect(escaped.text).to.include('id="countryCode-error"');
      expect(await userRow(user.id)).to.deep.equal({ name: 'Jordan Parent', country_code: 'US', phone_sms: null });
    });

    it('refuses a post without the CSRF token', async () => {
      const { user, agent } = await person();
      await agent.post('/members/profile').type('form').send({ name: 'No Token', countryCode: 'GB' }).expect(403);
      expect((await userRow(user.id)).name).to.equal('Jordan Parent');
    });
  });

  describe('phone SMS form', () => {
    it('stores the E.164 number the widget sends, shows it, and clears it when emptied', async () => {
      const { user, agent, token } = await person();
      const saved = await agent.post('/members/profile/phone').type('form').send({ _csrf: token, phoneSMS: '(415) 555-2671', phoneSMSIntlFormat: '+14155552671' }).expect(303);
      expect(saved.headers.location).to.equal('/members/profile?saved=phone');
      expect((await userRow(user.id)).phone_sms).to.equal('+14155552671');
      const page = (await agent.get(saved.headers.location).expect(200)).text;
      expect(mainText(page)).to.include(SETTINGS_PHONE_SAVED);
      expect(page).to.include('value="+14155552671" aria-describedby="phoneSMS-error"');
      const cleared = await agent.post('/members/profile/phone').type('form').send({ _csrf: token, phoneSMS: '', phoneSMSIntlFormat: '' }).expect(303);
      expect(cleared.headers.location).to.equal('/members/profile?saved=phone-removed');
      expect((await userRow(user.id)).phone_sms).to.equal(null);
      expect(mainText((await agent.get(cleared.headers.location)).text)).to.include(SETTINGS_PHONE_REMOVED);
    });

    it('reads a typed number in the account country when the page ran no script', async () => {
      const { user, agent, token } = await person({ countryCode: 'GB' });
      await agent.post('/members/profile/phone').type('form').send({ _csrf: token, phoneSMS: '07400 123456', phoneSMSIntlFormat: '' }).expect(303);
      expect((await userRow(user.id)).phone_sms).to.equal('+447400123456');
      await agent.post('/members/profile/phone').type('form').send({ _csrf: token, phoneSMS: '+61 412 345 678' }).expect(303);
      expect((await userRow(user.id)).phone_sms).to.equal('+61412345678');
    });

    it('checks the number again on the server: an invalid one is refused with the spec message and nothing changes', async () => {
      const { user, agent, token } = await person();
      await agent.post('/members/profile/phone').type('form').send({ _csrf: token, phoneSMSIntlFormat: '+4915123456789' }).expect(303);
      const cases: Record<string, unknown>[] = [
        { phoneSMSIntlFormat: '+1415555' },
        { phoneSMSIntlFormat: '+1 415 555 2671' },
        { phoneSMSIntlFormat: 'not a number' },
        { phoneSMSIntlFormat: '+999123456789' },
        { phoneSMS: '555-0100' },
        { phoneSMS: '1'.repeat(41) },
        { phoneSMSIntlFormat: ['+14155552671', '+14155552672'] },
      ];
      for (const form of cases) {
        const response = await agent.post('/members/profile/phone').type('form').send({ _csrf: token, ...form }).expect(400);
        expect(mainText(response.text), JSON.stringify(form)).to.include(PHONE_INVALID);
        expect(response.text).to.include('data-phone-sms-message>');
      }
      const extra = await agent.post('/members/profile/phone').type('form').send({ _csrf: token, phoneSMSIntlFormat: '+14155552671', countryCode: 'GB' }).expect(400);
      expect(mainText(extra.text)).to.include(SETTINGS_UNEXPECTED_FIELDS);
      expect(await userRow(user.id)).to.deep.equal({ name: 'Jordan Parent', country_code: 'US', phone_sms: '+4915123456789' });
    });
  });

  describe('e-mail preferences through GraphQL', () => {
    it('answers the column defaults for an account that changed nothing', async () => {
      const { agent } = await person();
      const response = await graphql(agent, READ);
      expect(response.body.errors).to.equal(undefined);
      expect(response.body.data.me.emailPreferences).to.deep.equal(DEFAULTS);
    });

    it('changes the given flags, leaves the others, and reads them back', async () => {
      const { user, agent } = await person();
      const first = await graphql(agent, UPDATE, { preferences: { promotionsAndSales: true, chat: false } });
      expect(first.body.errors).to.equal(undefined);
      expect(first.body.data.updateUserEmailPreferences).to.deep.equal({ ...DEFAULTS, promotionsAndSales: true, chat: false });
      const second = await graphql(agent, UPDATE, { preferences: { researchSurveys: false } });
      expect(second.body.data.updateUserEmailPreferences).to.deep.equal({ ...DEFAULTS, promotionsAndSales: true, chat: false, researchSurveys: false });
      expect((await graphql(agent, READ)).body.data.me.emailPreferences).to.deep.equal({ ...DEFAULTS, promotionsAndSales: true, chat: false, researchSurveys: false });
      const row = await preferenceRow(user.id);
      expect([row.chat, row.promotions_and_sales, row.research_surveys, row.newsletters]).to.deep.equal([false, true, false, true]);
      const page = (await agent.get('/members/profile')).text;
      expect(page).to.match(/value="chat" data-email-preference="chat">/);
      expect(page).to.match(/value="promotionsAndSales" data-email-preference="promotionsAndSales" checked>/);
      const unchanged = await graphql(agent, UPDATE, { preferences: {} });
      expect(unchanged.body.data.updateUserEmailPreferences.researchSurveys).to.equal(false);
    });

    it('refuses a pet parent the breeder and vet variants, nulls and unknown flags, changing nothing', async () => {
      const { user, agent } = await person();
      for (const preferences of [{ breederNewsletters: false }, { chat: false, vetProductUpdates: false }, { chat: null }, { chat: 'no' }, { emailEverything: true }]) {
        const response = await graphql(agent, UPDATE, { preferences });
        expect(response.body.errors?.[0]?.message, JSON.stringify(preferences)).to.equal(INVALID_ARGUMENTS);
      }
      const literal = await graphql(agent, 'mutation { updateUserEmailPreferences(preferences: { chat: false, spam: true }) { chat } }');
      expect(literal.body.errors).to.have.length.greaterThan(0);
      expect(literal.body.data ?? null).to.equal(null);
      expect(await preferenceRow(user.id)).to.equal(undefined);
    });

    it('lets breeders set the breeder variants and vets the vet variants, not each other’s', async () => {
      const breeder = await person({ isBreeder: true });
      const set = await graphql(breeder.agent, UPDATE, { preferences: { breederPromotionsAndSales: true, breederNewsletters: false, chat: false } });
      expect(set.body.data.updateUserEmailPreferences).to.deep.equal({ ...DEFAULTS, breederPromotionsAndSales: true, breederNewsletters: false, chat: false });
      expect((await graphql(breeder.agent, UPDATE, { preferences: { vetNewsletters: false } })).body.errors[0].message).to.equal(INVALID_ARGUMENTS);
      expect((await preferenceRow(breeder.user.id)).vet_newsletters).to.equal(true);

      const vet = await person({ isVet: true });
      const vetSet = await graphql(vet.agent, UPDATE, { preferences: { vetProductUpdates: false } });
      expect(vetSet.body.data.updateUserEmailPreferences.vetProductUpdates).to.equal(false);
      expect((await graphql(vet.agent, UPDATE, { preferences: { breederProductUpdates: false } })).body.errors[0].message).to.equal(INVALID_ARGUMENTS);
      expect((await preferenceRow(vet.user.id)).breeder_product_updates).to.equal(true);
    });

    it('changes one account only', async () => {
      const one = await person();
      const other = await person();
      await graphql(one.agent, UPDATE, { preferences: { newsletters: false } });
      expect((await graphql(other.agent, READ)).body.data.me.emailPreferences.newsletters).to.equal(true);
    });
  });

  describe('e-mail preferences form without scripts', () => {
    it('sets the checked flags on and the rest off', async () => {
      const { user, agent, token } = await person({ isBreeder: true });
      const form = `_csrf=${encodeURIComponent(token)}&emailPreferences=chat&emailPreferences=promotionsAndSales&emailPreferences=breederNewsletters`;
      const saved = await agent.post('/members/profile/email-preferences').type('form').send(form).expect(303);
      expect(saved.headers.location).to.equal('/members/profile?saved=email-preferences');
      expect(mainText((await agent.get(saved.headers.location)).text)).to.include(SETTINGS_EMAIL_SAVED);
      const flags = (await graphql(agent, READ)).body.data.me.emailPreferences;
      expect(flags).to.deep.equal({
        ...DEFAULTS,
        chat: true,
        dogsLikeMine: false,
        relativeFinder: false,
        careResources: false,
        researchSurveys: false,
        newsletters: false,
        promotionsAndSales: true,
        productUpdates: false,
        breederNewsletters: true,
        breederPromotionsAndSales: false,
        breederProductUpdates: false,
      });
      expect((await preferenceRow(user.id)).vet_newsletters).to.equal(true);
    });

    it('refuses flags the account may not set and unknown fields, changing nothing', async () => {
      const { user, agent, token } = await person();
      for (const form of [
        `_csrf=${encodeURIComponent(token)}&emailPreferences=chat&emailPreferences=vetNewsletters`,
        `_csrf=${encodeURIComponent(token)}&emailPreferences=chat&isAdmin=true`,
      ]) {
        const response = await agent.post('/members/profile/email-preferences').type('form').send(form).expect(400);
        expect(mainText(response.text)).to.include(SETTINGS_UNEXPECTED_FIELDS);
      }
      expect(await preferenceRow(user.id)).to.equal(undefined);
    });
  });

  describe('read-only accounts', () => {
    it('see their settings without forms that work, and every write is sent to the read-only page', async () => {
      const { user, agent, token } = await person({ isReadOnly: true });
      const page = (await agent.get('/members/profile').expect(200)).text;
      expect(mainText(page)).to.include(SETTINGS_READ_ONLY);
      expect(page).to.not.include('data-widget="phone-sms"');
      expect(page).to.not.include('data-widget="email-preferences"');
      expect(page).to.include('<fieldset class="settings-fieldset" disabled>');
      for (const [path, form] of [
        ['/members/profile', { name: 'Changed', countryCode: 'GB' }],
        ['/members/profile/phone', { phoneSMSIntlFormat: '+14155552671' }],
        ['/members/profile/email-preferences', { emailPreferences: 'chat' }],
      ] as const) {
        const response = await agent.post(path).type('form').send({ _csrf: token, ...form }).expect(302);
        expect(response.headers.location, path).to.equal('/members/forbidden/read-only-account');
      }
      const update = await graphql(agent, UPDATE, { preferences: { chat: false } });
      expect(update.body.errors[0].message).to.equal(NOT_AUTHORIZED);
      expect((await graphql(agent, READ)).body.data.me.emailPreferences).to.deep.equal(DEFAULTS);
      expect(await userRow(user.id)).to.deep.equal({ name: 'Jordan Parent', country_code: 'US', phone_sms: null });
      expect(await preferenceRow(user.id)).to.equal(undefined);
    });
  });
});
