// The printable vet report (issue 13 point 2; spec 2 §2), laid out for a clinic: who the dog is,
// what needs attention first (at risk, carrier), then the mix, diversity, stats and care traits.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { VetReport } from './report-data.js';
import { bornWhenText } from '../shared/birthday-text.js';
import { OTHER_LABS_FILE_LIFE_STAGE, OTHER_LABS_FILE_NOTICE, OTHER_LABS_FILE_WEIGHT, OTHER_LABS_FILE_WOLFINESS } from '../shared/messages.js';
import { longDate } from '../shared/date-text.js';

const INK = '#1d2731';
const MUTED = '#5b6670';
const AT_RISK = '#a4281e';
const CARRIER = '#8a5a00';
const RULE = '#d5dbe0';

// Names come from owners all over the world ("Łatka", "Жучка", "ハチ 🐶"): the built-in Helvetica only
// encodes Western European letters, so the report embeds DejaVu Sans (Latin, Greek, Cyrillic and more;
// its licence allows embedding) and writes what it has no glyph for as '?' (emoji are left out).
const require = createRequire(import.meta.url);
let fontFiles: { regular: Buffer; bold: Buffer } | undefined;
const FONTS = () =>
  (fontFiles ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  });
const REGULAR = 'Report';
const BOLD = 'Report-Bold';

/** Emoji and the invisible characters that join or restyle them: dropped rather than shown as '?'. */
const EMOJI_PART = /^(?:\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Regional_Indicator}|\u200d|\ufe0e|\ufe0f|\u20e3)$/u;

/** The text with every character the font cannot draw replaced by '?' and emoji removed (with the double space one may leave). */
export function drawableText(text: string, hasGlyph: (codePoint: number) => boolean): string {
  let out = '';
  for (const character of text) {
    const codePoint = character.codePointAt(0)!;
    if (character === '\n' || character === '\t' || hasGlyph(codePoint)) out += character;
    else if (!EMOJI_PART.test(character)) out += '?';
  }
  return out === text ? text : out.replace(/ {2,}/g, ' ');
}

const dateText = (date: Date | string | null): string =>
  date === null ? 'unknown' : longDate(date);

const sexText = (sex: string | null) => (sex === 'f' ? 'Female' : sex === 'm' ? 'Male' : 'Not given');

export function renderVetReportPdf(report: VetReport, generatedAt = new Date()): Promise<Buffer> {
  const doc = new PDFDocument({ size: report.paper, margin: 50, info: { Title: `Vet report: ${report.pet.name}`, Author: 'Embark', Subject: 'Dog DNA results for veterinarians' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  doc.registerFont(REGULAR, FONTS().regular);
  doc.registerFont(BOLD, FONTS().bold);

  /** Switches to one of the report's fonts and gives the text as that font can draw it. */
  const inFont = (name: typeof REGULAR | typeof BOLD, text: string): string => {
    doc.font(name);
    // pdfkit keeps the fontkit font it embeds on `_font.font`; it knows which characters have a glyph.
    const font = (doc as unknown as { _font?: { font?: { hasGlyphForCodePoint?(codePoint: number): boolean } } })._font?.font;
    return font?.hasGlyphForCodePoint ? drawableText(text, (codePoint) => font.hasGlyphForCodePoint!(codePoint)) : text;
  };

  const heading = (text: string) => {
    if (doc.y > doc.page.height - 140) doc.addPage();
    doc.moveDown(0.8);
    doc.fontSize(13).fillColor(INK).text(inFont(BOLD, text));
    const y = doc.y + 2;
    doc.moveTo(doc.page.margins.left, y).lineTo(doc.page.margins.left + width, y).strokeColor(RULE).lineWidth(1).stroke();
    doc.moveDown(0.5);
  };
  const fact = (label: string, value: string) => {
    doc.fontSize(10).fillColor(MUTED).text(inFont(BOLD, `${label}: `), { continued: true });
    doc.fillColor(INK).text(inFont(REGULAR, value));
  };
  const paragraph = (text: string, color = INK, size = 10) => doc.fontSize(size).fillColor(color).text(inFont(REGULAR, text), { width });
  const boldLine = (text: string, color: string, size: number) => doc.fontSize(size).fillColor(color).text(inFont(BOLD, text), { width });

  // Header: the dog, its owner and the sample, everything a front desk matches a chart by.
  boldLine(`Embark vet report: ${report.pet.name}`, INK, 20);
  paragraph(`Generated ${dateText(generatedAt)}. DNA results for veterinary use; genetic results are one input to a clinical decision, not a diagnosis.`, MUTED, 9);
  doc.moveDown(0.6);
  fact('Dog', `${report.pet.name}${report.pet.callName ? ` ("${report.pet.callName}")` : ''}, ${sexText(report.pet.sex)}, born ${bornWhenText(report.pet.dateOfBirth, { precision: report.pet.dateOfBirthPrecision, isEstimated: report.pet.isDateOfBirthEstimated }) ?? 'unknown'}`);
  fact('Owner', report.owner ? `${report.owner.name}${report.owner.email ? ` (${report.owner.email})` : ''}` : 'not recorded');
  fact('Swab id', report.swab?.code ?? 'no swab');
  fact('Test date', report.swab ? `activated ${dateText(report.swab.activatedAt)}, results released ${dateText(report.swab.releasedAt)}` : 'not tested');
  const other = report.fromOtherLabsFile;
  if (other) paragraph(OTHER_LABS_FILE_NOTICE.replace('{name}', () => report.pet.callName || report.pet.name), MUTED, 9);

  heading('Health results');
  if (report.counts.total === 0) {
    paragraph('No health results yet.', MUTED);
  } else if (report.counts.atRisk + report.counts.carrier + report.counts.clear === 0) {
    paragraph(`Not tested on this sample: none of the ${report.counts.total} conditions has a result.`, MUTED);
  } else {
    paragraph(`${report.counts.atRisk} at risk, ${report.counts.carrier} carrier, ${report.counts.clear} clear of ${report.counts.total} conditions tested.`);
    doc.moveDown(0.4);
    const notable = report.conditions.filter((c) => c.call === 'at_risk' || c.call === 'carrier');
    for (const condition of notable) {
      if (doc.y > doc.page.height - 120) doc.addPage();
      boldLine(`${condition.callLabel}: ${condition.label}`, condition.call === 'at_risk' ? AT_RISK : CARRIER, 11);
      paragraph(`${condition.severity}. Gene ${condition.gene}${condition.variant ? `, variant ${condition.variant}` : ''}. ${condition.inheritance}${condition.isBreedRelevant ? ' Relevant to this dog\u2019s breeds.' : ''}`, MUTED, 9);
      if (condition.careMeaning) paragraph(condition.careMeaning, INK, 9.5);
      if (condition.description) paragraph(condition.description, INK, 9.5);
      doc.moveDown(0.5);
    }
    if (notable.length === 0) paragraph('No at-risk or carrier results.', MUTED);
    // Condition names hold commas ("Trapped Neutrophil Syndrome, TNS"): semicolons keep them apart.
    const clear = report.conditions.filter((c) => c.call === 'clear').map((c) => c.label);
    if (clear.length) {
      doc.moveDown(0.3);
      paragraph(`Clear (${clear.length}): ${clear.join('; ')}.`, MUTED, 8.5);
    }
  }

  heading('Breed mix');
  if (!report.breedMix) {
    paragraph('Breed results are not ready yet.', MUTED);
  } else {
    paragraph(report.breedMix.breedMixName);
    if (report.breedMix.breeds.length === 0) paragraph(report.breedMix.breedMixScenarioText, MUTED, 9);
    for (const breed of report.breedMix.breeds) paragraph(`${breed.breedName}: ${breed.displayBreedPercent}`);
  }

  heading('Genetic diversity (COI)');
  if (!report.inbreeding) {
    paragraph('Not measured yet.', MUTED);
  } else {
    paragraph(`Coefficient of inbreeding ${report.inbreeding.fraction} (${report.inbreeding.percent}): ${report.inbreeding.level}.`);
    paragraph(`Bands: low below ${report.inbreeding.bands.moderateFrom}, moderate from ${report.inbreeding.bands.moderateFrom}, high from ${report.inbreeding.bands.highFrom}. Higher inbreeding is linked to smaller litters and more recessive disease.`, MUTED, 9);
  }

  heading('Genetic stats');
  fact('Life stage', report.stats.lifeStage ?? (other ? OTHER_LABS_FILE_LIFE_STAGE : 'unknown (no birth date)'));
  fact('Predicted adult weight', report.stats.predictedWeightLbs === null ? (other ? OTHER_LABS_FILE_WEIGHT : 'not available') : `${Math.round(report.stats.predictedWeightLbs)} lbs (${Math.round(report.stats.predictedWeightLbs * 0.4536)} kg)`);
  fact('Wolfiness', report.stats.wolfiness === null ? (other ? OTHER_LABS_FILE_WOLFINESS : 'not available') : `${Math.min(100, report.stats.wolfiness).toFixed(1)}%`);
  fact('Predicted coat colour', report.stats.coatColour ?? 'not available');

  heading('Traits relevant to care');
  if (report.traits.length === 0) paragraph('No care-relevant trait results.', MUTED);
  for (const trait of report.traits) fact(trait.name, `${trait.genotype ?? 'no call'}: ${trait.meaning}`);

  doc.moveDown(1);
  paragraph('Embark Veterinary. Questions about these results: vets@embarkvet.com.', MUTED, 8);
  doc.end();
  return done;
}
