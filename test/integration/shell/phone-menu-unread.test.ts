// QA finding: on a phone the closed Menu button tells of unread messages, as the desktop header's badge does.
import { expect } from 'chai';
import type { Express } from 'express';
import { testApp } from '../../support/app.js';
import { resetToDemoData, signInAsDemo } from '../../support/demo.js';
import { menuButtonLabel } from '../../../server/shared/shell-rules.js';

const menuButton = (html: string) => html.match(/<summary\b[^>]*>.*?<\/summary>/s)?.[0] ?? '';

describe('unread messages on the phone menu button', () => {
  let app: Express;

  before(async () => {
    await resetToDemoData();
    app = await testApp();
  });

  it('shows the count on the Menu button and names it in the button’s accessible name', async () => {
    const agent = await signInAsDemo(app, 'parent'); // one unread message in the demo data
    const button = menuButton((await agent.get('/members')).text);
    expect(button).to.equal(
      '<summary aria-label="Menu, 1 unread messages" data-unread-menu>Menu <span class="mobile-drawer__unread" aria-hidden="true" data-unread-menu-count>1</span></summary>',
    );
  });

  it('shows a plain Menu button when nothing is unread', async () => {
    const agent = await signInAsDemo(app, 'breeder');
    const button = menuButton((await agent.get('/members')).text);
    expect(button).to.include('aria-label="Menu"').and.include('data-unread-menu-count hidden></span>');
  });

  it('names the count in the label only when there is one', () => {
    expect(menuButtonLabel(0)).to.equal('Menu');
    expect(menuButtonLabel(3)).to.equal('Menu, 3 unread messages');
    expect(menuButtonLabel(120)).to.equal('Menu, 120 unread messages');
  });
});
