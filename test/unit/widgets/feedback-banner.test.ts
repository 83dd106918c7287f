import { expect } from 'chai';
import {
  characterCount,
  chipsFor,
  counterText,
  FEEDBACK_ERROR,
  FEEDBACK_TEXT_MAX,
  HELPFUL_CHIPS,
  isFeedbackValid,
  isTextWithinLimit,
  toggleChip,
  UNHELPFUL_CHIPS,
} from '../../../server/shared/feedback-rules';
import { canSubmit, parseFeedbackBannerProps } from '../../../widgets/feedback-banner/rules';

describe('feedback banner rules', () => {
  describe('default chips (spec 2 §9)', () => {
    it('offers specific, learned something, easy to understand, will use and put at ease for a Yes', () => {
      expect(chipsFor(true).map((chip) => chip.value)).to.deep.equal(['specific', 'learned_something', 'easy_to_understand', 'will_use', 'put_at_ease']);
      expect(chipsFor(true)).to.equal(HELPFUL_CHIPS);
    });

    it('offers not specific, did not learn, too long and worried for a No', () => {
      expect(chipsFor(false).map((chip) => chip.value)).to.deep.equal(['not_specific', 'did_not_learn', 'too_long', 'worried']);
      expect(chipsFor(false)).to.equal(UNHELPFUL_CHIPS);
    });

    it('labels every chip', () => {
      for (const chip of [...HELPFUL_CHIPS, ...UNHELPFUL_CHIPS]) expect(chip.label).to.match(/^[A-Z][a-z ]+$/);
    });

    it('toggles a chip on and off, keeping the order of the list', () => {
      expect(toggleChip([], 'will_use', true)).to.deep.equal(['will_use']);
      expect(toggleChip(['will_use'], 'specific', true)).to.deep.equal(['specific', 'will_use']);
      expect(toggleChip(['specific', 'will_use'], 'specific', true)).to.deep.equal(['will_use']);
      // A chip of the other answer never sticks.
      expect(toggleChip(['specific'], 'too_long', true)).to.deep.equal(['specific']);
    });
  });

  describe('additional text (spec 2 §5: at most 500 characters, with a counter)', () => {
    it('counts characters as the database does, one per code point', () => {
      expect(characterCount('')).to.equal(0);
      expect(characterCount('Good dog')).to.equal(8);
      expect(characterCount('🐕🐕')).to.equal(2);
      expect('🐕🐕'.length).to.equal(4);
    });

    it('shows the count against the limit', () => {
      expect(FEEDBACK_TEXT_MAX).to.equal(500);
      expect(counterText('')).to.equal('0/500');
      expect(counterText('hello')).to.equal('5/500');
      expect(counterText('a'.repeat(501))).to.equal('501/500');
    });

    it('allows 500 characters and not 501', () => {
      expect(isTextWithinLimit('a'.repeat(500))).to.equal(true);
      expect(isTextWithinLimit('a'.repeat(501))).to.equal(false);
      expect(isTextWithinLimit('🐕'.repeat(500))).to.equal(true);
    });
  });

  describe('validity', () => {
    const answer = { isHelpful: true, selectedFeedback: [] as string[], additionalText: '' };

    it('accepts a bare Yes or No, chips of the answer and text within the limit', () => {
      expect(isFeedbackValid(answer)).to.equal(true);
      expect(isFeedbackValid({ ...answer, isHelpful: false })).to.equal(true);
      expect(isFeedbackValid({ ...answer, selectedFeedback: ['specific', 'put_at_ease'], additionalText: 'a'.repeat(500) })).to.equal(true);
      expect(isFeedbackValid({ isHelpful: false, selectedFeedback: ['worried'], additionalText: 'Scary' })).to.equal(true);
    });

    it("refuses the other answer's chips, unknown chips, repeats and long text", () => {
      expect(isFeedbackValid({ ...answer, selectedFeedback: ['too_long'] })).to.equal(false);
      expect(isFeedbackValid({ ...answer, isHelpful: false, selectedFeedback: ['specific'] })).to.equal(false);
      expect(isFeedbackValid({ ...answer, selectedFeedback: ['nice'] })).to.equal(false);
      expect(isFeedbackValid({ ...answer, selectedFeedback: ['specific', 'specific'] })).to.equal(false);
      expect(isFeedbackValid({ ...answer, additionalText: 'a'.repeat(501) })).to.equal(false);
      expect(isFeedbackValid({ ...answer, isHelpful: 'yes' as unknown as boolean })).to.equal(false);
    });

    it('enables submit only for a valid form that is not being sent or already sent', () => {
      expect(canSubmit(answer, 'editing')).to.equal(true);
      expect(canSubmit(answer, 'failed')).to.equal(true);
      expect(canSubmit(answer, 'submitting')).to.equal(false);
      expect(canSubmit(answer, 'submitted')).to.equal(false);
      expect(canSubmit({ ...answer, additionalText: 'a'.repeat(501) }, 'editing')).to.equal(false);
    });

    it("uses the spec's failure notice", () => {
      expect(FEEDBACK_ERROR).to.equal('Error submitting feedback');
    });
  });

  describe('props', () => {
    it('reads page, variant and petUuid, with default variant and no dog', () => {
      const petUuid = '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed';
      expect(parseFeedbackBannerProps({ page: 'health', variant: 'default', petUuid })).to.deep.equal({ page: 'health', variant: 'default', petUuid });
      expect(parseFeedbackBannerProps({ page: 'summary' })).to.deep.equal({ page: 'summary', variant: 'default', petUuid: null });
    });

    it('refuses a missing or malformed page, variant or petUuid', () => {
      expect(() => parseFeedbackBannerProps({})).to.throw(TypeError);
      expect(() => parseFeedbackBannerProps({ page: 'Health Page' })).to.throw(TypeError);
      expect(() => parseFeedbackBannerProps({ page: 'health', variant: 3 })).to.throw(TypeError);
      expect(() => parseFeedbackBannerProps({ page: 'health', petUuid: 12 })).to.throw(TypeError);
    });
  });
});
