import { expect } from 'chai';
import {
  avatarInitial,
  chatHref,
  checkRelativesResponse,
  CLOSE_FAMILY_WARNING_OVER,
  closeFamilyCount,
  closeFamilyWarning,
  dogProfileHref,
  gaugeFillHeight,
  hasMoreRelatives,
  initialShownCount,
  nextShownCount,
  parseRelativesProps,
  relatednessText,
  relativesPreview,
  RELATIVES_PAGE_SIZE,
  sharedDnaPercent,
  SHOW_MORE_DELAY_MS,
  topBreedText,
  type RelativePet,
} from '../../../widgets/relatives/rules';
import { RELATEDNESS_CATEGORIES } from '../../../server/genetics/compute/relatedness';

const category = (key: string) => {
  const { label, color, explanation } = RELATEDNESS_CATEGORIES.find((c) => c.key === key)!;
  return { label, color, explanation };
};

function relative(handle: string, key = 'distantRelative'): RelativePet {
  return {
    handle,
    displayName: handle,
    breedDisplayName: 'Beagle',
    breed1pct: 100,
    breed1displayName: 'Beagle',
    hasPublicImage: false,
    relatednessCategory: category(key),
    displayRelatedness: 'shares 3.1% of DNA',
    nonhealthReadyAt: null,
    isYourDog: false,
    hasOwner: true,
  };
}

describe('relatives rules', () => {
  it('uses the constants of spec 2 §9', () => {
    expect(RELATIVES_PAGE_SIZE).to.equal(5);
    expect(SHOW_MORE_DELAY_MS).to.equal(1000);
    expect(CLOSE_FAMILY_WARNING_OVER).to.equal(4);
  });

  describe('paging', () => {
    it('shows 5 at first, or all when fewer', () => {
      expect(initialShownCount(0)).to.equal(0);
      expect(initialShownCount(3)).to.equal(3);
      expect(initialShownCount(5)).to.equal(5);
      expect(initialShownCount(12)).to.equal(5);
    });

    it('adds 5 a time up to the total', () => {
      expect(nextShownCount(5, 12)).to.equal(10);
      expect(nextShownCount(10, 12)).to.equal(12);
      expect(nextShownCount(12, 12)).to.equal(12);
    });

    it('offers more only while some are hidden', () => {
      expect(hasMoreRelatives(5, 12)).to.equal(true);
      expect(hasMoreRelatives(12, 12)).to.equal(false);
      expect(hasMoreRelatives(3, 3)).to.equal(false);
    });
  });

  describe('close-family warning', () => {
    const list = (close: number, immediate = 0) => [
      ...Array.from({ length: close }, (_, i) => relative(`close-${i}`, 'closeFamily')),
      ...Array.from({ length: immediate }, (_, i) => relative(`imm-${i}`, 'immediateFamily')),
      relative('far'),
    ];

    it('shows when more than 4 relatives are close family', () => {
      expect(closeFamilyWarning(list(4))).to.equal(null);
      expect(closeFamilyWarning(list(5))).to.be.a('string').and.include('5 of these relatives are close family');
    });

    it('counts only the close family category, not immediate family', () => {
      expect(closeFamilyCount(list(2, 6))).to.equal(2);
      expect(closeFamilyWarning(list(4, 6))).to.equal(null);
    });
  });

  describe('relatedness gauge', () => {
    it('fills with the square root of the fill percent', () => {
      expect(gaugeFillHeight(0)).to.equal(0);
      expect(gaugeFillHeight(1)).to.be.closeTo(10, 1e-9);
      expect(gaugeFillHeight(25)).to.be.closeTo(50, 1e-9);
      expect(gaugeFillHeight(50)).to.be.closeTo(70.7107, 1e-4);
      expect(gaugeFillHeight(100)).to.equal(100);
    });

    it('stays within the gauge for odd input', () => {
      expect(gaugeFillHeight(-5)).to.equal(0);
      expect(gaugeFillHeight(150)).to.equal(100);
      expect(gaugeFillHeight(Number.NaN)).to.equal(0);
    });

    it('reads the fill percent from the display text', () => {
      expect(sharedDnaPercent('shares 24.8% of DNA')).to.equal(24.8);
      expect(sharedDnaPercent('shares 50.0% of DNA')).to.equal(50);
      expect(sharedDnaPercent('no number')).to.equal(0);
    });
  });

  describe('display', () => {
    it('links to the public profile and a chat with the owner', () => {
      expect(dogProfileHref('sunny-meadow-ace')).to.equal('/dog/sunny-meadow-ace');
      expect(chatHref('sunny-meadow-ace')).to.equal('/members/chat?to=sunny-meadow-ace');
    });

    it('formats the top breed, relatedness and the picture stand-in', () => {
      expect(topBreedText({ breed1pct: 62.5, breed1displayName: 'Labrador Retriever' })).to.equal('62.5% Labrador Retriever');
      expect(topBreedText({ breed1pct: 100, breed1displayName: 'Beagle' })).to.equal('100% Beagle');
      expect(topBreedText({ breed1pct: null, breed1displayName: null })).to.equal(null);
      expect(relatednessText('shares 24.8% of DNA')).to.equal('Shares 24.8% of DNA');
      expect(avatarInitial('biscuit')).to.equal('B');
      expect(avatarInitial('  ')).to.equal('?');
    });
  });

  describe('props and response', () => {
    it('needs a pet number', () => {
      expect(parseRelativesProps({ petNum: 12 })).to.deep.equal({ petNum: 12 });
      expect(() => parseRelativesProps({})).to.throw(TypeError);
      expect(() => parseRelativesProps({ petNum: '12' })).to.throw(TypeError);
    });

    it('accepts the API answer and refuses anything else', () => {
      const body = { relatedPets: [relative('a')], newRelatedPets: [] };
      expect(checkRelativesResponse(body)).to.equal(body);
      expect(() => checkRelativesResponse({ relatedPets: [] })).to.throw();
      expect(() => checkRelativesResponse({ error: 'Not Authorized' })).to.throw();
      expect(() => checkRelativesResponse({ relatedPets: [{ handle: 'x' }], newRelatedPets: [] })).to.throw();
    });
  });

  describe('the first page the server renders', () => {
    it('shows the closest five of seven as cards, counts all seven and warns on the whole list', () => {
      const list = Array.from({ length: 7 }, (_, i) => ({ ...relative(`dog-${i}`, i < 5 ? 'closeFamily' : 'distantRelative'), isNew: i === 0 }));
      const preview = relativesPreview(list);
      expect(preview.total).to.equal(7);
      expect(preview.cards.map((c) => c.handle)).to.deep.equal(['dog-0', 'dog-1', 'dog-2', 'dog-3', 'dog-4']);
      expect(preview.warning).to.equal(closeFamilyWarning(list));
      expect(preview.cards[0]).to.deep.include({ isNew: true, profileHref: '/dog/dog-0', chatHref: '/members/chat?to=dog-0', relatedness: 'Shares 3.1% of DNA', sharedPercent: 3.1 });
      expect(preview.cards[0].avatar).to.deep.equal({ imageUrl: null, initial: 'D', colorIndex: null });
      expect(preview.cards[0].topBreed).to.equal('100% Beagle');
      expect(preview.cards[1].isNew).to.equal(false);
    });

    it('offers no chat for a relative no member owns yet (issue 36 \u00a72)', () => {
      const preview = relativesPreview([{ ...relative('registered'), hasOwner: false, isNew: false }, { ...relative('owned'), isNew: false }]);
      expect(preview.cards.map((card) => card.chatHref)).to.deep.equal([null, '/members/chat?to=owned']);
    });

    it('offers no chat for a relative the viewer owns', () => {
      const preview = relativesPreview([{ ...relative('mine'), isYourDog: true, isNew: false }, { ...relative('theirs'), isNew: false }]);
      expect(preview.cards.map((card) => card.chatHref)).to.deep.equal([null, '/members/chat?to=theirs']);
    });

    it('has no cards and no warning for a dog without relatives', () => {
      expect(relativesPreview([])).to.deep.equal({ cards: [], total: 0, warning: null });
    });

    it('passes the preview through the widget props, and ignores a malformed one', () => {
      const preview = relativesPreview([{ ...relative('a'), isNew: false }]);
      expect(parseRelativesProps({ petNum: 3, preview })).to.deep.equal({ petNum: 3, preview });
      expect(parseRelativesProps({ petNum: 3, preview: 'x' })).to.deep.equal({ petNum: 3 });
    });
  });
});
