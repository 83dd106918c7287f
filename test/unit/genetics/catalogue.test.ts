import { expect } from 'chai';
import { BREEDS, breedBySlug, breederFacingBreeds, designerBreeds, identifiableBreeds, sizeClassForWeight } from '../../../server/genetics/catalogue/breeds.js';
import { HEALTH_CONDITIONS } from '../../../server/genetics/catalogue/health-conditions.js';
import { TRAIT_LOCI } from '../../../server/genetics/catalogue/traits.js';
import { REGISTRATION_ORGANIZATIONS } from '../../../server/genetics/catalogue/registration-organizations.js';
import { CHROMOSOME_LENGTH_BP } from '../../../server/genetics/chromosomes.js';
import { variantMarkers } from '../../../server/genetics/panel.js';

describe('genetics catalogues', () => {
  it('lists at least 200 identifiable breeds with unique slugs and sensible weights', () => {
    expect(identifiableBreeds().length).to.be.at.least(200);
    expect(new Set(BREEDS.map((b) => b.slug)).size).to.equal(BREEDS.length);
    for (const b of BREEDS) {
      expect(b.weightLbs.min, b.name).to.be.above(0).and.at.most(b.weightLbs.max);
      expect(b.sizeClass, b.name).to.equal(sizeClassForWeight((b.weightLbs.min + b.weightLbs.max) / 2));
    }
  });

  it('uses the life-stage size limits', () => {
    expect([20, 21, 50, 51, 100, 101].map(sizeClassForWeight)).to.deep.equal(['small', 'medium', 'medium', 'large', 'large', 'giant']);
    expect(breedBySlug('chihuahua')!.sizeClass).to.equal('small');
    expect(breedBySlug('great-dane')!.sizeClass).to.equal('giant');
  });

  it('keeps designer crosses out of the reference breeds and names their parents', () => {
    const designers = designerBreeds();
    expect(designers.map((b) => b.name)).to.include.members(['Goldendoodle', 'Labradoodle', 'Cavapoo']);
    for (const d of designers) {
      expect(d.isIdentifiable).to.equal(false);
      for (const parent of d.parentSlugs!) expect(breedBySlug(parent)?.isIdentifiable, parent).to.equal(true);
    }
    expect(breederFacingBreeds().length).to.be.above(200);
  });

  it('lists the 273 health conditions of the lab\'s panel, with breeds that exist', () => {
    // shared/reference/lab-panel-facts.md lists 276 rows under health: 273 conditions, and the
    // coefficient of inbreeding and two MHC class II diversity rows, which are not conditions
    expect(HEALTH_CONDITIONS.length).to.equal(273);
    expect(new Set(HEALTH_CONDITIONS.map((c) => c.id)).size).to.equal(HEALTH_CONDITIONS.length);
    // the database keeps name, gene and variant unique
    expect(new Set(HEALTH_CONDITIONS.map((c) => `${c.name} | ${c.gene} | ${c.variant}`)).size).to.equal(HEALTH_CONDITIONS.length);
    for (const c of HEALTH_CONDITIONS) {
      for (const slug of c.breedSlugs) expect(breedBySlug(slug), `${c.id}: ${slug}`).to.not.equal(undefined);
      expect(c.references.length).to.be.above(0);
      expect(c.description.length).to.be.above(20);
    }
    expect(new Set(HEALTH_CONDITIONS.map((c) => c.moi))).to.have.all.keys('autosomal recessive', 'autosomal dominant', 'incomplete dominant', 'X-linked recessive');
  });

  it('places each condition\'s variant on a chromosome of CanFam3.1, apart from every other condition\'s and trait locus\'s, so each has a marker of its own', () => {
    const taken = new Map<string, string>();
    const bin = (chromosome: number, positionBp: number) => `${chromosome}:${Math.round(positionBp / 50_000)}`;
    for (const l of TRAIT_LOCI) taken.set(bin(l.chromosome, l.positionBp), l.id);
    for (const c of HEALTH_CONDITIONS) {
      expect(c.positionBp, c.id).to.be.above(0).and.below(CHROMOSOME_LENGTH_BP[c.chromosome]);
      expect(taken.get(bin(c.chromosome, c.positionBp)), c.id).to.equal(undefined);
      taken.set(bin(c.chromosome, c.positionBp), c.id);
    }
    const healthMarkers = variantMarkers().filter((m) => m.kind === 'health');
    expect(new Set(healthMarkers.map((m) => `${m.chromosome}:${m.position}`)).size).to.equal(HEALTH_CONDITIONS.length);
  });

  it('covers the colour, coat and size loci', () => {
    const ids = TRAIT_LOCI.map((l) => l.id);
    expect(ids).to.include.members(['E', 'K', 'A', 'B', 'D', 'M', 'S', 'furnishings', 'coat-length', 'shedding', 'coat-texture', 'igf1', 'stc2', 'tail-length', 'altitude']);
    for (const l of TRAIT_LOCI) expect(l.alleles.map((a) => a.symbol), l.id).to.include(l.defaultAllele);
  });

  it('writes genotypes in its explanations as the trait results do, alleles run together (kyky, not ky/ky)', () => {
    const symbols = new Set(TRAIT_LOCI.flatMap((l) => l.alleles.map((a) => a.symbol)));
    for (const l of TRAIT_LOCI) {
      for (const [pair, a, b] of l.dominance.matchAll(/([A-Za-z]+)\/([A-Za-z]+)/g)) {
        expect(symbols.has(a) && symbols.has(b), `${l.id}: ${pair}`).to.equal(false);
      }
    }
  });

  it('lists the main registration organizations', () => {
    expect(REGISTRATION_ORGANIZATIONS.map((o) => o.abbreviation)).to.include.members(['AKC', 'UKC', 'CKC', 'KC', 'FCI', 'ANKC']);
  });
});
