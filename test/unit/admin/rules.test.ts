// Pure rules of the admin search and serial scanning (spec 1 §5; spec 2 §4, §5; issue 16).
import { expect } from 'chai';
import { csvCellAsText, parseAdminSearch, substringPattern } from '../../../server/shared/admin-search-rules.js';
import { checkScanInput, duplicatePositions, ORDER_SKUS } from '../../../server/shared/serial-scanning-rules.js';
import { canSubmit, duplicateKeys, inputKey, inputOrder, refusedInput, shownState, type InputState } from '../../../widgets/serial-scanning/inputs.js';
import { methylationSwabProblem, type ScannedSwab } from '../../../server/admin/serial-scanning/checks.js';
import { adminExportFileName, matchmakerFocusTarget, matchmakerReturnPath } from '../../../server/shared/admin-table-columns.js';
import {
  SCAN_BOX_KEY_NO_PREFIX, SCAN_BOX_KEY_SHORT, SCAN_DUPLICATE, SCAN_SWAB_CODE_SHORT, SCAN_TRACKING_NUMBER,
  kitCount,
  SCAN_SUBMITTED,
  SCAN_SWAB_PAIRED,
  SCAN_SWAB_UNUSABLE,
  adminCountText,
  kitStateText,
} from '../../../server/shared/admin-messages.js';

describe('admin search rules', () => {
  it('needs a non-empty trimmed value of at most 200 characters', () => {
    expect(parseAdminSearch('')).to.equal('empty');
    expect(parseAdminSearch(' \t ')).to.equal('empty');
    expect(parseAdminSearch(undefined)).to.equal('empty');
    expect(parseAdminSearch(['a'])).to.equal('not-text');
    expect(parseAdminSearch('x'.repeat(201))).to.equal('too-long');
  });

  it('reads digits as an id and anything else as a substring pattern', () => {
    expect(parseAdminSearch(' 42 ')).to.deep.equal({ kind: 'id', id: 42 });
    expect(parseAdminSearch('0')).to.deep.equal({ kind: 'no-such-id' });
    expect(parseAdminSearch('2147483648')).to.deep.equal({ kind: 'no-such-id' });
    expect(parseAdminSearch('42a')).to.deep.equal({ kind: 'text', pattern: '%42a%' });
    expect(parseAdminSearch('-1')).to.deep.equal({ kind: 'text', pattern: '%-1%' });
  });

  it('escapes LIKE wildcards and turns * into one', () => {
    expect(substringPattern('100%')).to.equal('%100\\%%');
    expect(substringPattern('a_b')).to.equal('%a\\_b%');
    expect(substringPattern('back\\slash')).to.equal('%back\\\\slash%');
    expect(substringPattern('bis*it')).to.equal('%bis%it%');
    expect(substringPattern('a**b')).to.equal('%a%b%');
  });
});

describe('CSV export cells', () => {
  it('turns text a spreadsheet would run as a formula into text: =, +, -, @, tab and carriage return first', () => {
    for (const cell of ['=HYPERLINK("https://evil.test","Rex")', '+cmd|calc', '-2+3', '@SUM(A1)', '\t=1', '\r=1']) expect(csvCellAsText(cell), cell).to.equal(`'${cell}`);
  });

  it('leaves other text and plain numbers alone', () => {
    for (const cell of ['Rex', 'Rex = best', '-5', '+44', '3.5', '', 'a@b.test']) expect(csvCellAsText(cell), cell).to.equal(cell);
  });
});

describe('admin page words', () => {
  it('says the admin home counts in the singular for 1', () => {
    expect(adminCountText('kitsAwaitingLab', 1)).to.equal('1 kit awaiting the lab');
    expect(adminCountText('kitsAwaitingLab', 2)).to.equal('2 kits awaiting the lab');
    expect(adminCountText('kitsInStock', 1)).to.equal('1 kit in stock');
    expect(adminCountText('kitsInStock', 0)).to.equal('0 kits in stock');
    expect(adminCountText('samplesInReview', 1)).to.equal('1 sample held for review');
    expect(adminCountText('deadEmails', 1)).to.equal('1 dead e-mail');
    expect(adminCountText('deadEmails', 12)).to.equal('12 dead e-mails');
  });

  it('names kit states in words', () => {
    expect(['in_stock', 'shipped', 'activated', 'void'].map(kitStateText)).to.deep.equal(['In stock', 'Shipped', 'Activated', 'Void']);
    expect(kitStateText('lost_in_post')).to.equal('Lost in post');
  });

  it('names exports after the table with single spaces', () => {
    expect(adminExportFileName('pets_info')).to.equal('Pets - Embark');
    expect(adminExportFileName('ordered_reswabs')).to.equal('Ordered reswabs - Embark');
  });

  it('comes back from a matchmaker toggle to the search, at the account’s button', () => {
    expect(matchmakerReturnPath(7, 'olive example')).to.equal('/admin/data-table/users?searchParam=olive%20example#matchmaker-7');
    expect(matchmakerReturnPath(7, undefined)).to.equal('/admin/data-table/users?searchParam=7#matchmaker-7');
    expect(matchmakerFocusTarget('#matchmaker-7')).to.equal(7);
    for (const hash of ['', '#matchmaker-', '#matchmaker-0', '#matchmaker-7x', '#other-7']) expect(matchmakerFocusTarget(hash), hash).to.equal(null);
  });
});

describe('serial scanning rules', () => {
  it('takes a new code or a loose swab as the methylation swab, never one in a kit or in use', () => {
    const swab = (overrides: Partial<ScannedSwab>): ScannedSwab => ({ id: 1, swab_code: 'STOCKSWAB00005', kit_id: null, pet_num: null, swab_state: 'unactivated', is_methylation: false, ...overrides });
    expect(methylationSwabProblem(undefined)).to.equal(null);
    expect(methylationSwabProblem(swab({}))).to.equal(null);
    expect(methylationSwabProblem(swab({ is_methylation: true }))).to.equal(null);
    expect(methylationSwabProblem(swab({ kit_id: 3 }))).to.equal(SCAN_SWAB_PAIRED);
    expect(methylationSwabProblem(swab({ pet_num: 3, swab_state: 'activated' }))).to.equal(SCAN_SWAB_UNUSABLE);
    expect(methylationSwabProblem(swab({ swab_state: 'void' }))).to.equal(SCAN_SWAB_UNUSABLE);
  });

  it('finds the input a refused submit names', () => {
    const order = inputOrder(ORDER_SKUS.find((s) => s.sku === 'EMBARK-AGE')!, 2);
    expect(refusedInput(order, 1, 'methylationSwabCode')).to.deep.equal({ row: 1, field: 'methylationSwabCode' });
    expect(refusedInput(order, null, 'trackingNumber')).to.deep.equal({ row: null, field: 'trackingNumber' });
    expect(refusedInput(order, 2, 'boxKey')).to.equal(undefined);
    expect(refusedInput(order, null, null)).to.equal(undefined);
  });

  it("says '1 kit' and '3 kits' when a box is shipped", () => {
    expect(SCAN_SUBMITTED.replace('{kits}', kitCount(1)).replace('{trackingNumber}', 'T1')).to.equal('Shipped 1 kit with tracking number T1.');
    expect(kitCount(3)).to.equal('3 kits');
  });

  it('ignores empty inputs and a bare EM-, and checks lengths and the prefix (spec 2 §5)', () => {
    expect(checkScanInput('boxKey', '')).to.deep.equal({ kind: 'ignore' });
    expect(checkScanInput('boxKey', 'EM-')).to.deep.equal({ kind: 'ignore' });
    expect(checkScanInput('boxKey', 'EM')).to.deep.equal({ kind: 'error', error: SCAN_BOX_KEY_SHORT });
    expect(checkScanInput('boxKey', 'XX-1')).to.deep.equal({ kind: 'error', error: SCAN_BOX_KEY_NO_PREFIX });
    expect(checkScanInput('boxKey', 'EM-1')).to.deep.equal({ kind: 'server' });
    expect(checkScanInput('swabCode', 'A'.repeat(11))).to.deep.equal({ kind: 'error', error: SCAN_SWAB_CODE_SHORT });
    expect(checkScanInput('swabCode', 'A'.repeat(12))).to.deep.equal({ kind: 'server' });
    expect(checkScanInput('methylationSwabCode', 'A'.repeat(11))).to.deep.equal({ kind: 'error', error: SCAN_SWAB_CODE_SHORT });
    expect(checkScanInput('methylationSwabCode', 'A'.repeat(12))).to.deep.equal({ kind: 'valid' });
    expect(checkScanInput('trackingNumber', 'abc')).to.deep.equal({ kind: 'error', error: SCAN_TRACKING_NUMBER });
    expect(checkScanInput('trackingNumber', 'abcd')).to.deep.equal({ kind: 'valid' });
  });

  it('finds duplicates whatever the case, spaces and dashes, never counting empties', () => {
    expect([...duplicatePositions(['EM-1', '', 'em 1', '', 'EM-2', 'EM1'])]).to.deep.equal([2, 5]);
  });

  it('enables submit only when every code and the tracking number are valid, and flags duplicates', () => {
    const sku = ORDER_SKUS.find((s) => s.sku === 'EMBARK-BA')!;
    const order = inputOrder(sku, 2);
    expect(order.map(inputKey)).to.deep.equal(['0:boxKey', '0:swabCode', '1:boxKey', '1:swabCode', 'trackingNumber']);
    const valid = (value: string): InputState => ({ value, status: 'valid' });
    const inputs: Record<string, InputState> = { '0:boxKey': valid('EM-1'), '0:swabCode': valid('SWAB00000001'), '1:boxKey': valid('EM-2'), '1:swabCode': valid('SWAB00000002') };
    expect(canSubmit(order, inputs)).to.equal(false);
    inputs.trackingNumber = valid('TRACK');
    expect(canSubmit(order, inputs)).to.equal(true);
    inputs['1:swabCode'] = valid('swab-00000001');
    expect(canSubmit(order, inputs)).to.equal(false);
    const duplicates = duplicateKeys(order, inputs);
    expect([...duplicates]).to.deep.equal(['1:swabCode']);
    expect(shownState('1:swabCode', inputs, duplicates)).to.include({ status: 'error', error: SCAN_DUPLICATE });
    expect(inputOrder(ORDER_SKUS.find((s) => s.sku === 'EMBARK-AGE')!, 1).map(inputKey)).to.deep.equal(['0:boxKey', '0:swabCode', '0:methylationSwabCode', 'trackingNumber']);
  });
});
