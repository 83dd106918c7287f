import { expect } from 'chai';
import {
  backToListLink,
  footerColumns,
  orderKitUrl,
  resultsNavButtons,
  showsDogList,
  truncate,
  type FooterPet,
  type NavPet,
} from '../../../server/shared/shell-rules.js';

const links = { productSite: 'https://site', shop: 'https://shop', breederKit: 'https://shop/breeder', helpCenter: '/help', resources: 'https://site/resources' };
const pet: FooterPet = { petNum: 7, name: 'Biscuit', isEligibleForInsurance: false, insuranceUrl: null, hasResults: true };
const navPet: NavPet = { petNum: 7, isUpgradeAvailable: false, showRelativeFinder: true, shouldShowCareResources: true };
const headings = (columns: ReturnType<typeof footerColumns>) => columns.map((c) => c.heading);
const labels = (columns: ReturnType<typeof footerColumns>, heading: string) => columns.find((c) => c.heading === heading)?.links.map((l) => l.label);

describe('site shell rules', () => {
  describe('truncate', () => {
    it('keeps names of 25 characters or fewer', () => {
      expect(truncate('A'.repeat(25))).to.equal('A'.repeat(25));
    });
    it('cuts longer names to 25 characters ending in ...', () => {
      const cut = truncate('Sunny Meadow Bramble of the Hills');
      expect(cut).to.have.length(25);
      expect(cut).to.equal('Sunny Meadow Bramble o...');
    });
  });

  describe('footer', () => {
    it("names the dog, truncated, or says 'your dog'", () => {
      expect(headings(footerColumns({ userType: 'PetParent', petCount: 1, showMatchMaker: false }, pet, links))[0]).to.equal("Explore Biscuit's Results");
      expect(headings(footerColumns({ userType: 'PetParent', petCount: 0, showMatchMaker: false }, null, links))[0]).to.equal("Explore your dog's Results");
      const long = { ...pet, name: 'Champion Sunny Meadow Bramble' };
      expect(headings(footerColumns({ userType: 'PetParent', petCount: 1, showMatchMaker: false }, long, links))[0]).to.equal("Explore Champion Sunny Meadow ...'s Results");
    });

    it('names a dog whose results are pending too (only a dog without a name is "your dog"), and without a dog points to the dog list or to activating a kit', () => {
      const pending = { ...pet, name: 'Nova', hasResults: false };
      const [explore] = footerColumns({ userType: 'Breeder', petCount: 12, showMatchMaker: true }, pending, links);
      expect(explore.heading).to.equal("Explore Nova's Results");
      expect(explore.links[0]).to.deep.include({ href: `/members/results/summary?i=${pet.petNum}` });
      const [unnamed] = footerColumns({ userType: 'Breeder', petCount: 12, showMatchMaker: true }, { ...pending, name: null }, links);
      expect(unnamed.heading).to.equal("Explore your dog's Results");
      const [list] = footerColumns({ userType: 'Breeder', petCount: 12, showMatchMaker: true }, null, links);
      expect(list.links).to.deep.equal([{ label: 'My Dogs', href: '/members' }]);
      const [firstDog] = footerColumns({ userType: 'PetParent', petCount: 0, showMatchMaker: false }, null, links);
      expect(firstDog.links).to.deep.equal([{ label: 'Activate Kit', href: '/members/activate' }]);
      for (const petCount of [0, 3]) {
        const [patients] = footerColumns({ userType: 'Vet', petCount, showMatchMaker: false }, null, links);
        expect(patients.links, `vet owning ${petCount} dogs`).to.deep.equal([{ label: 'My Patients', href: '/members' }]);
      }
    });

    it('still offers pet insurance for the dog on the page while its results are pending', () => {
      const insured = { ...pet, hasResults: false, isEligibleForInsurance: true, insuranceUrl: 'https://insure' };
      expect(labels(footerColumns({ userType: 'PetParent', petCount: 1, showMatchMaker: false }, insured, links), 'More')).to.include('Pet Insurance');
    });

    it('shows My Dogs only to non-pet-parents or owners of more than one dog', () => {
      expect(labels(footerColumns({ userType: 'PetParent', petCount: 1, showMatchMaker: false }, pet, links), 'My Account')).to.deep.equal(['Add a Dog', 'Activate Kit', 'Order a Kit', 'Messages', 'Settings']);
      expect(labels(footerColumns({ userType: 'PetParent', petCount: 2, showMatchMaker: false }, pet, links), 'My Account')).to.include('My Dogs');
      expect(labels(footerColumns({ userType: 'Breeder', petCount: 1, showMatchMaker: false }, pet, links), 'My Account')).to.include('My Dogs');
      expect(labels(footerColumns({ userType: 'Vet', petCount: 0, showMatchMaker: false }, null, links), 'My Account')).to.include('My Dogs');
    });

    it('gives breeders Breeder Tools, with Matchmaker only when showMatchMaker is set', () => {
      expect(labels(footerColumns({ userType: 'Breeder', petCount: 3, showMatchMaker: true }, pet, links), 'Breeder Tools')).to.deep.equal(['Breeder Profile', 'Matchmaker', 'Pair Predictor']);
      expect(labels(footerColumns({ userType: 'Breeder', petCount: 3, showMatchMaker: false }, pet, links), 'Breeder Tools')).to.deep.equal(['Breeder Profile', 'Pair Predictor']);
      expect(headings(footerColumns({ userType: 'PetParent', petCount: 3, showMatchMaker: true }, pet, links))).to.not.include('Breeder Tools');
    });

    it("gives vets no 'More' column", () => {
      expect(headings(footerColumns({ userType: 'Vet', petCount: 3, showMatchMaker: false }, pet, links))).to.not.include('More');
      expect(headings(footerColumns({ userType: 'PetParent', petCount: 1, showMatchMaker: false }, pet, links))).to.include('More');
    });

    it('offers Pet Insurance only for an eligible dog with an insurance URL', () => {
      const insured = { ...pet, isEligibleForInsurance: true, insuranceUrl: 'https://insure' };
      const more = footerColumns({ userType: 'PetParent', petCount: 1, showMatchMaker: false }, insured, links).find((c) => c.heading === 'More')!;
      expect(more.links).to.deep.include({ label: 'Pet Insurance', href: 'https://insure' });
      expect(labels(footerColumns({ userType: 'PetParent', petCount: 1, showMatchMaker: false }, { ...insured, insuranceUrl: null }, links), 'More')).to.not.include('Pet Insurance');
      expect(labels(footerColumns({ userType: 'PetParent', petCount: 1, showMatchMaker: false }, pet, links), 'More')).to.not.include('Pet Insurance');
    });

    it('sends Order a Kit to the shop, the breeder kit or the vet shop page by role', () => {
      expect(orderKitUrl('PetParent', links)).to.equal('https://shop');
      expect(orderKitUrl('Breeder', links)).to.equal('https://shop/breeder');
      expect(orderKitUrl('Vet', links)).to.equal('/members/shopify/vet');
    });
  });

  describe('results navigation', () => {
    const keys = (buttons: ReturnType<typeof resultsNavButtons>) => buttons.map((b) => b.label);

    it('orders the buttons differently for pet parents and others', () => {
      expect(keys(resultsNavButtons('PetParent', navPet, 'summary', '/upgrade'))).to.deep.equal(['Summary', 'Breed & Ancestry', 'Health', 'Traits', 'Relatives', 'Care Resources', 'Research', 'Profile']);
      expect(keys(resultsNavButtons('Breeder', navPet, null, '/upgrade'))).to.deep.equal(['Profile', 'Summary', 'Breed & Ancestry', 'Health', 'Traits', 'Relatives', 'Research', 'Care Resources']);
    });

    it("labels breed results 'Breed' for vets", () => {
      expect(keys(resultsNavButtons('Vet', navPet, null, '/upgrade'))).to.include('Breed').and.not.include('Breed & Ancestry');
    });

    it("replaces Health and Traits with one locked 'Health & Traits' when an upgrade is available", () => {
      const buttons = resultsNavButtons('PetParent', { ...navPet, isUpgradeAvailable: true }, null, '/upgrade');
      expect(keys(buttons)).to.deep.equal(['Summary', 'Breed & Ancestry', 'Health & Traits', 'Relatives', 'Care Resources', 'Research', 'Profile']);
      expect(buttons.find((b) => b.label === 'Health & Traits')).to.include({ locked: true, href: '/upgrade' });
    });

    it('shows Relatives and Care Resources only when their flags are on', () => {
      const buttons = resultsNavButtons('PetParent', { ...navPet, showRelativeFinder: false, shouldShowCareResources: false }, null, '/upgrade');
      expect(keys(buttons)).to.not.include('Relatives').and.not.include('Care Resources');
    });

    it('marks the active page and links each button with i', () => {
      const health = resultsNavButtons('PetParent', navPet, 'health', '/upgrade').find((b) => b.key === 'health')!;
      expect(health).to.include({ active: true, href: '/members/results/health?i=7' });
    });
  });

  describe('back links', () => {
    it('show only for non-pet-parents or owners of more than one dog', () => {
      expect(showsDogList({ userType: 'PetParent', petCount: 1 })).to.equal(false);
      expect(backToListLink({ userType: 'PetParent', petCount: 1 })).to.equal(null);
      expect(backToListLink({ userType: 'PetParent', petCount: 2 })).to.deep.equal({ label: 'Back to my dogs', href: '/members' });
      expect(backToListLink({ userType: 'Breeder', petCount: 1 })?.label).to.equal('Back to my dogs');
      expect(backToListLink({ userType: 'Vet', petCount: 0 })).to.deep.equal({ label: 'Back to my patients', href: '/members' });
    });
  });
});
