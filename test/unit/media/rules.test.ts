import { expect } from 'chai';
import { documentDisposition, refusedFileReason, MAX_CAPTION_LENGTH, nextRotation, parseCaption, parseDocumentInfo, parsePublicId, newPublicId, wagCount, mediaTypeOfPublicId } from '../../../server/shared/media-rules.js';
import { mediaSettingsFromEnv } from '../../../server/media/settings.js';
import { expectedWagAnswer, toggledWag, rotatedSlide } from '../../../widgets/gallery/rules.js';

describe('gallery rules (issue 12)', () => {
  it('gives images ui/, videos uv/ and documents a single path segment', () => {
    expect(newPublicId('image', 'a'.repeat(20))).to.equal(`ui/${'a'.repeat(20)}`);
    expect(newPublicId('video', 'b'.repeat(20))).to.equal(`uv/${'b'.repeat(20)}`);
    expect(newPublicId('document', 'c'.repeat(20))).to.equal(`ud-${'c'.repeat(20)}`);
    expect(mediaTypeOfPublicId(`uv/${'0'.repeat(20)}`)).to.equal('video');
    expect(parsePublicId('ui/a11y-photo')).to.equal('ui/a11y-photo');
    for (const bad of ['ui/', 'ui/A', '../ui/00000000000000000000', `ui/${'0'.repeat(20)}/x`, `UI/${'0'.repeat(20)}`, 12, null]) expect(parsePublicId(bad)).to.equal(null);
  });

  it('serves a document under the name it was uploaded with, in ASCII and in UTF-8, always a .pdf', () => {
    expect(documentDisposition('Rabies certificate 2024.PDF')).to.equal(`inline; filename="Rabies certificate 2024.pdf"; filename*=UTF-8''Rabies%20certificate%202024.pdf`);
    expect(documentDisposition('B\u00e4rli\u2019s "Impfpass" (1)*')).to.equal(`inline; filename="B_rli_s _Impfpass_ (1)*.pdf"; filename*=UTF-8''B%C3%A4rli%E2%80%99s%20%22Impfpass%22%20%281%29%2A.pdf`);
    expect(documentDisposition(null)).to.equal(`inline; filename="document.pdf"; filename*=UTF-8''document.pdf`);
  });

  it('says what a refused file is when it is a photo, video or PDF sent as another kind, and which Add to choose on the gallery form', () => {
    expect(refusedFileReason('image', 'video/mp4', true)).to.equal('The file is a video, not a photo: choose \u201ca video\u201d under Add to upload it.');
    expect(refusedFileReason('image', 'video/quicktime', false)).to.equal('The file is a video, not a photo.');
    expect(refusedFileReason('document', 'image/jpeg', true)).to.equal('The file is a photo, not a PDF document: choose \u201ca photo\u201d under Add to upload it.');
    expect(refusedFileReason('video', 'application/pdf', true)).to.equal('The file is a PDF document, not a video: choose \u201ca PDF document\u201d under Add to upload it.');
    expect(refusedFileReason('image', 'application/zip', true)).to.equal('The file is not a JPEG, PNG, WebP, GIF, AVIF or TIFF image.');
    expect(refusedFileReason('image', undefined, true)).to.equal('The file is not a JPEG, PNG, WebP, GIF, AVIF or TIFF image.');
    expect(refusedFileReason('image', 'image/heic', true)).to.match(/^The file is a HEIC photo/);
    expect(refusedFileReason('video', 'constructor', true)).to.equal('The file is not an MP4, MOV or WebM video.');
  });

  it('counts wags as the spec says', () => {
    expect([0, 1, 2].map(wagCount)).to.deep.equal(['0 wags', '1 wag', '2 wags']);
  });

  it('likes at once and unlikes only a liked item with a count of at least 1 (spec 1 §4)', () => {
    expect(toggledWag({ liked: false, count: 3 })).to.deep.equal({ next: { liked: true, count: 4 }, action: 'add' });
    expect(toggledWag({ liked: true, count: 4 })).to.deep.equal({ next: { liked: false, count: 3 }, action: 'delete' });
    expect(toggledWag({ liked: true, count: 0 })).to.equal(null);
    expect([expectedWagAnswer('add'), expectedWagAnswer('delete')]).to.deep.equal(['added', 'deleted']);
  });

  it('turns a quarter clockwise each time and swaps the slide\'s sides', () => {
    expect([0, 90, 180, 270].map(nextRotation)).to.deep.equal([90, 180, 270, 0]);
    const slide = { publicId: `ui/${'1'.repeat(20)}`, mediaType: 'image' as const, caption: null, likes: 0, likedByUser: false, width: 200, height: 400, thumb: null, carousel: null, videoUrl: null };
    const turned = rotatedSlide(slide, 90, 1);
    expect([turned.width, turned.height]).to.deep.equal([400, 200]);
    expect(turned.carousel?.jpg).to.equal(`/media/ui/${'1'.repeat(20)}/carousel.jpg?v=90-1`);
  });

  it('trims captions and refuses more than 1,000 characters', () => {
    expect(parseCaption('  hi  ')).to.equal('hi');
    expect(parseCaption('   ')).to.equal(null);
    expect(parseCaption('x'.repeat(MAX_CAPTION_LENGTH))).to.have.length(MAX_CAPTION_LENGTH);
    expect(parseCaption('x'.repeat(MAX_CAPTION_LENGTH + 1))).to.equal(undefined);
    expect(parseCaption(['a'])).to.equal(undefined);
  });

  it('reads the document info form: record type and year only for Health & Veterinary', () => {
    expect(parseDocumentInfo({ category: 'Pedigree', description: ' AKC ', recordType: 'Hips', year: '2020' }, 2026).info).to.deep.equal({ description: 'AKC', category: 'Pedigree', recordType: null, year: null });
    expect(parseDocumentInfo({ category: 'Health & Veterinary', recordType: 'Hips', year: '2020' }, 2026).info).to.deep.equal({ description: null, category: 'Health & Veterinary', recordType: 'Hips', year: 2020 });
    expect(parseDocumentInfo({ category: 'Health & Veterinary', year: '1988' }, 2026).errors).to.deep.equal(['The year must be between 1989 and 2026.']);
    expect(parseDocumentInfo({ category: 'Receipts' }, 2026).errors).to.deep.equal(['Please choose a category.']);
    expect(parseDocumentInfo({ category: 'Other', description: 'x'.repeat(501) }, 2026).errors).to.have.length(1);
  });

  it('stores media locally unless MEDIA_S3_BUCKET is set', () => {
    expect(mediaSettingsFromEnv({}, '/data')).to.deep.equal({ kind: 'local', dir: '/data/media' });
    expect(mediaSettingsFromEnv({ MEDIA_S3_BUCKET: 'dogs', MEDIA_S3_ENDPOINT: 'http://minio:9000', MEDIA_S3_PREFIX: 'media' }, '/data')).to.include({ kind: 's3', bucket: 'dogs', prefix: 'media/', forcePathStyle: true, region: 'us-east-1' });
    expect(mediaSettingsFromEnv({ MEDIA_S3_BUCKET: 'dogs' }, '/data')).to.include({ forcePathStyle: false, endpoint: undefined });
  });
});
