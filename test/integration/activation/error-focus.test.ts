// QA finding: after a refused activation step the control the refusal is about takes the focus
// (autofocus), marked invalid and described by the message; a refusal of no control focuses the message.
import { expect } from 'chai';
import type { Express } from 'express';
import { csrfToken, testApp, type Agent } from '../../support/app.js';
import { resetToDemoData, signInAsDemo } from '../../support/demo.js';
import { autofocusedTags, tagWithId } from '../../support/html-focus.js';
import * as messages from '../../../server/shared/messages.js';

async function post(agent: Agent, path: string, fields: Record<string, string>) {
  const token = await csrfToken(agent, '/members/activate');
  return agent.post(`/members/activate/${path}`).type('form').send({ ...fields, _csrf: token });
}

describe('focus after a refused activation step', function () {
  this.timeout(60_000);
  let app: Express;

  beforeEach(async () => {
    await resetToDemoData();
    app = await testApp();
  });

  it('focuses the code field after an unknown code, and nothing on the fresh form', async () => {
    const agent = await signInAsDemo(app, 'newbie');
    expect(autofocusedTags((await agent.get('/members/activate')).text)).to.deep.equal([]);
    const refused = await post(agent, 'code', { boxKeyOrSwabCode: 'EM-DEMO-9999' });
    expect(refused.text).to.include(messages.ACTIVATION_CODE_UNKNOWN);
    const field = tagWithId(refused.text, 'boxKeyOrSwabCode');
    expect(field).to.include('aria-invalid="true"').and.include('aria-describedby="activate-error"');
    expect(autofocusedTags(refused.text)).to.deep.equal([field]);
  });

  it('focuses the first dog choice when no dog is chosen, and the new dog field a refusal names', async () => {
    const agent = await signInAsDemo(app, 'newbie');
    await post(agent, 'code', { boxKeyOrSwabCode: 'EM-DEMO-0001' }).then((r) => expect(r.status).to.equal(303));
    const noDog = await post(agent, 'dog', { boxKeyOrSwabCode: 'EMDEMO0001' });
    expect(noDog.text).to.include(messages.ACTIVATION_CHOOSE_DOG);
    const [focused, ...others] = autofocusedTags(noDog.text);
    expect(others).to.deep.equal([]);
    expect(focused).to.match(/^<input type="radio" name="dog" /).and.include('aria-describedby="activate-error"');

    const unnamed = await post(agent, 'dog', { boxKeyOrSwabCode: 'EMDEMO0001', dog: 'new', newName: '   ' });
    expect(unnamed.status).to.equal(422);
    expect(autofocusedTags(unnamed.text)).to.deep.equal([tagWithId(unnamed.text, 'newName')]);
    expect(tagWithId(unnamed.text, 'newName')).to.include('aria-invalid="true"');
  });

  it('focuses the message when the refusal is about no field of the shown form', async () => {
    const agent = await signInAsDemo(app, 'newbie');
    await post(agent, 'code', { boxKeyOrSwabCode: 'EM-DEMO-0001' });
    const skipped = await post(agent, 'confirm', { boxKeyOrSwabCode: 'EMDEMO0001' });
    expect(skipped.text).to.include(messages.ACTIVATION_EARLIER_STEP);
    expect(autofocusedTags(skipped.text)).to.deep.equal([tagWithId(skipped.text, 'activate-error')]);
    expect(tagWithId(skipped.text, 'activate-error')).to.include('tabindex="-1"');
  });
});
