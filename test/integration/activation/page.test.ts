// /members/activate without scripts (issue 15): a form per step, resumable from another browser,
// refusals shown with the form, read-only accounts and impersonation refused.
import { expect } from 'chai';
import type { Express } from 'express';
import { csrfToken, signIn, testApp, type Agent } from '../../support/app.js';
import { testDb } from '../../support/database.js';
import { resetToDemoData, signInAsDemo, DEMO_ACCOUNTS } from '../../support/demo.js';
import { createUser, TEST_PASSWORD } from '../../support/factories.js';
import * as messages from '../../../server/shared/messages.js';

async function post(agent: Agent, path: string, fields: Record<string, string>) {
  const token = await csrfToken(agent, '/members/activate');
  return agent.post(`/members/activate/${path}`).type('form').send({ ...fields, _csrf: token });
}

const stepOf = (html: string) => html.match(/data-activate-step="([^"]+)"/)?.[1];

describe('the /members/activate page', function () {
  this.timeout(120_000);
  let app: Express;

  beforeEach(async () => {
    await resetToDemoData();
    app = await testApp();
  });

  it('walks through every step with plain forms, resumes in another browser, and ends on the summary awaiting results', async () => {
    const agent = await signInAsDemo(app, 'newbie');
    const empty = await agent.get('/members').expect(200);
    expect(empty.text).to.include('href="/members/activate" data-activate-link>Activate a kit</a>');
    expect(stepOf((await agent.get('/members/activate').expect(200)).text)).to.equal('code');

    await post(agent, 'code', { boxKeyOrSwabCode: 'em-demo-0001' }).then((r) => expect(r.status).to.equal(303));
    const dogStep = await agent.get('/members/activate').expect(200);
    expect(stepOf(dogStep.text)).to.equal('selectDog');
    expect(dogStep.text).to.include('Breed + Ancestry DNA test');
    await post(agent, 'dog', { boxKeyOrSwabCode: 'EMDEMO0001', dog: 'new', newName: 'Nugget', newSex: 'm', newBreedType: '' }).then((r) => expect(r.status).to.equal(303));

    // Another browser of the same account continues where the first stopped.
    const other = await signInAsDemo(app, 'newbie');
    const heardStep = await other.get('/members/activate').expect(200);
    expect(stepOf(heardStep.text)).to.equal('howDidYouHear');
    await post(other, 'heard', { boxKeyOrSwabCode: 'EMDEMO0001', howDidYouHear: 'Breeder' }).then((r) => expect(r.status).to.equal(303));
    await post(other, 'research', { boxKeyOrSwabCode: 'EMDEMO0001', agree: 'yes' }).then((r) => expect(r.status).to.equal(303));
    const confirm = await agent.get('/members/activate').expect(200);
    expect(stepOf(confirm.text)).to.equal('activate');
    expect(confirm.text).to.include('Nugget (new, Male)');
    // opening the dog step again ("Change") shows every answer, not only the name
    const again = (await agent.get('/members/activate?step=selectDog')).text;
    expect(again).to.include('value="Nugget"').and.include('<option value="m" selected>');
    // An earlier step can be opened again with its answer.
    expect((await agent.get('/members/activate?step=howDidYouHear')).text).to.include('<option selected>Breeder</option>');

    const done = await post(agent, 'confirm', { boxKeyOrSwabCode: 'EMDEMO0001' });
    expect(done.status).to.equal(303);
    expect(done.headers.location).to.match(/^\/members\/results\/summary\?i=\d+$/);
    const summary = await agent.get(done.headers.location).expect(200);
    expect(summary.text).to.include('Awaiting results');
    expect(summary.text).to.include('data-timeline-step="activated" data-done="true"');
    expect((await agent.get('/members')).text).to.include('Nugget');
    expect(stepOf((await agent.get('/members/activate')).text), 'a new activation starts afresh').to.equal('code');
  });

  it('takes a name typed under "New dog" with no dog chosen as the new dog, and keeps its sex and breed type through "Change"', async () => {
    const db = await testDb();
    const newbie = await db('users').where({ email: DEMO_ACCOUNTS.newbie.email }).first('id');
    const [{ pet_num: petNum }] = await db('pets').insert({ name: 'Old Timer', handle: 'old-timer-activation' }).returning('pet_num');
    await db('pet_owners').insert({ pet_num: petNum, user_id: newbie.id, permission: 'edit' });
    const agent = await signInAsDemo(app, 'newbie');
    await post(agent, 'code', { boxKeyOrSwabCode: 'EM-DEMO-0001' }).then((r) => expect(r.status).to.equal(303));
    await post(agent, 'dog', { boxKeyOrSwabCode: 'EMDEMO0001', newName: 'Pixel', newSex: 'f', newBreedType: 'designer' }).then((r) => expect(r.status).to.equal(303));
    await post(agent, 'heard', { boxKeyOrSwabCode: 'EMDEMO0001', howDidYouHear: 'Breeder' });
    await post(agent, 'research', { boxKeyOrSwabCode: 'EMDEMO0001', agree: 'no' });
    expect((await agent.get('/members/activate')).text).to.include('Pixel (new, Female, Designer breed)');
    const change = (await agent.get('/members/activate?step=selectDog')).text;
    expect(change).to.include('value="new" data-activate-new-dog checked').and.include('<option value="f" selected>').and.include('<option value="designer" selected>');
    // continuing from the reopened step with what it shows keeps the answers
    await post(agent, 'dog', { boxKeyOrSwabCode: 'EMDEMO0001', dog: 'new', newName: 'Pixel', newSex: 'f', newBreedType: 'designer' });
    const done = await post(agent, 'confirm', { boxKeyOrSwabCode: 'EMDEMO0001' });
    expect(done.status).to.equal(303);
    expect(await db('pets').where({ name: 'Pixel' }).first('sex', 'breed_type')).to.deep.equal({ sex: 'f', breed_type: 'designer' });
  });

  it('shows refusals with the form, escaped, and changes nothing', async () => {
    const agent = await signInAsDemo(app, 'newbie');
    const script = await post(agent, 'code', { boxKeyOrSwabCode: '<script>alert(1)</script>' });
    expect(script.status).to.equal(422);
    expect(script.text).to.include(messages.ACTIVATION_CODE_FORMAT);
    expect(script.text).to.not.include('<script>alert(1)</script>');
    expect(script.text).to.include('&lt;script&gt;alert(1)&lt;/script&gt;');
    const sql = await post(agent, 'code', { boxKeyOrSwabCode: "EM-1' or '1'='1" });
    expect(sql.status).to.equal(422);
    const voided = await post(agent, 'code', { boxKeyOrSwabCode: 'EM-DEMO-0005' });
    expect(voided.status).to.equal(409);
    expect(voided.text).to.include(messages.ACTIVATION_VOIDED);

    await post(agent, 'code', { boxKeyOrSwabCode: 'EM-DEMO-0001' });
    const db = await testDb();
    const biscuit = (await db('pets').where({ name: 'Biscuit' }).first('pet_num')).pet_num;
    const stolen = await post(agent, 'dog', { boxKeyOrSwabCode: 'EMDEMO0001', dog: String(biscuit) });
    expect(stolen.status).to.equal(403);
    expect(stolen.text).to.include(messages.ACTIVATION_NOT_YOUR_DOG);
    const skipped = await post(agent, 'confirm', { boxKeyOrSwabCode: 'EMDEMO0001' });
    expect(skipped.status).to.equal(422);
    expect(skipped.text).to.include(messages.ACTIVATION_EARLIER_STEP);
    const noAnswer = await post(agent, 'dog', { boxKeyOrSwabCode: 'EMDEMO0001' });
    expect(noAnswer.text).to.include(messages.ACTIVATION_CHOOSE_DOG);
    expect(await db('kit_activations').first('step', 'pet_num')).to.deep.equal({ step: 'selectDog', pet_num: null });
    expect(await db('kits').where({ state: 'activated' }).count('* as c')).to.deep.equal([{ c: 0 }]);

    await post(agent, 'start-over', {}).then((r) => expect(r.status).to.equal(303));
    expect(await db('kit_activations').count('* as c')).to.deep.equal([{ c: 0 }]);
  });

  it('sends read-only accounts to the read-only page and refuses sub-admin impersonation', async () => {
    const db = await testDb();
    const readOnly = await createUser(db, { isReadOnly: true });
    const agent = await signIn(app, readOnly.email, TEST_PASSWORD);
    await agent.get('/members/activate').expect(303).expect('Location', '/members/forbidden/read-only-account');
    const token = await csrfToken(agent, '/members');
    await agent.post('/members/activate/code').type('form').send({ boxKeyOrSwabCode: 'EM-DEMO-0001', _csrf: token }).expect(303).expect('Location', '/members/forbidden/read-only-account');

    const subadmin = await signInAsDemo(app, 'subadmin');
    const impersonateToken = await csrfToken(subadmin, '/cs/impersonate');
    await subadmin.post('/cs/impersonate').type('form').send({ email: DEMO_ACCOUNTS.newbie.email, _csrf: impersonateToken }).expect(302);
    const refused = await post(subadmin, 'code', { boxKeyOrSwabCode: 'EM-DEMO-0001' });
    expect(refused.status).to.equal(303);
    expect(refused.headers.location).to.equal('/members/forbidden/read-only-account');
    expect(await db('kit_activations').count('* as c')).to.deep.equal([{ c: 0 }]);
  });

  it('sends signed-out visitors home', async () => {
    const request = (await import('supertest')).default;
    await request(app).get('/members/activate').expect(302).expect('Location', '/');
  });
});
