import { expect } from 'chai';
import { parseProps } from '../../../widgets/lab-upload-status/mount';
import { isLabUploadFinished, LAB_UPLOAD_POLL_MS, labUploadStatusText } from '../../../server/shared/lab-upload-rules';

describe('lab upload status rules', () => {
  it('takes an upload id and a status as props and refuses anything else', () => {
    expect(parseProps({ id: 12, status: 'queued' })).to.deep.equal({ id: 12, status: 'queued' });
    for (const raw of [{ id: 0, status: 'queued' }, { id: '12', status: 'queued' }, { id: 12, status: 'paused' }, { id: 12 }]) {
      expect(() => parseProps(raw), JSON.stringify(raw)).to.throw(TypeError);
    }
  });

  it('follows an upload until it is done or failed', () => {
    expect(['queued', 'running', 'done', 'failed'].map((status) => isLabUploadFinished(status as 'queued'))).to.deep.equal([false, false, true, true]);
  });

  it('says what a waiting or running upload is doing', () => {
    expect(labUploadStatusText('queued', null)).to.equal('Queued: waiting for a job worker.');
    expect(labUploadStatusText('running', 'Reading the file')).to.equal('Running: Reading the file…');
    expect(labUploadStatusText('running', null)).to.equal('Running: importing…');
    expect(labUploadStatusText('done', null)).to.equal('Done.');
    expect(labUploadStatusText('failed', null)).to.equal('Failed.');
  });

  it('asks for the state every 2 seconds', () => {
    expect(LAB_UPLOAD_POLL_MS).to.equal(2000);
  });
});
