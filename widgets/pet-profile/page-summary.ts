// After a save, the about page around the widgets shows the saved values: the server-rendered summary
// ([data-summary] in views/members/pet-about.ejs), the heading, the document title and the back link,
// and every other about-pet widget on the page (each keeps its own copy of the feed).
import {
  aboutPageSummary,
  aboutPageTitle,
  backToProfileText,
  socialNetworkLabel,
  type AboutSummaryKey,
} from '../../server/shared/pet-profile-page-summary';
import type { AboutPet } from './types';

const SAVED_EVENT = 'pet-profile:saved';

function writeSocialLinks(element: HTMLElement, pet: AboutPet): void {
  const doc = element.ownerDocument;
  element.replaceChildren();
  pet.socialLinks.forEach((link, index) => {
    if (index > 0) element.append(', ');
    const anchor = doc.createElement('a');
    anchor.href = link.url;
    anchor.rel = 'nofollow noopener';
    anchor.target = '_blank';
    anchor.textContent = socialNetworkLabel(link.network);
    element.append(anchor);
  });
}

/** Writes the saved dog into the page's summary, heading, title and back link (those present). */
export function showSavedPetOnPage(pet: AboutPet, doc: Document = document): void {
  const texts = aboutPageSummary(pet);
  for (const element of doc.querySelectorAll<HTMLElement>('[data-summary]')) {
    const key = element.dataset.summary as AboutSummaryKey;
    if (!(key in texts)) continue;
    const text = texts[key];
    if (key === 'socialLinks') writeSocialLinks(element, pet);
    else element.textContent = text ?? '';
    const row = element.closest<HTMLElement>('[data-summary-row]');
    if (row) row.hidden = text === null;
  }
  const heading = doc.querySelector<HTMLElement>('[data-summary-title]');
  if (heading) {
    const title = aboutPageTitle(pet.name);
    doc.title = doc.title.replace(heading.textContent ?? '', title);
    heading.textContent = title;
  }
  const back = doc.querySelector<HTMLElement>('[data-summary-back]');
  if (back) back.textContent = backToProfileText(pet);
}

/** After a save: the page shows the saved dog, and the other widgets of this dog take the fresh feed. */
export function announceSavedPet(pet: AboutPet, doc: Document = document): void {
  showSavedPetOnPage(pet, doc);
  doc.dispatchEvent(new CustomEvent<AboutPet>(SAVED_EVENT, { detail: pet }));
}

/** Calls `onSaved` with each dog saved elsewhere on the page; returns the unsubscribe function. */
export function onPetSaved(petNum: number, onSaved: (pet: AboutPet) => void, doc: Document = document): () => void {
  const listener = (event: Event) => {
    const pet = (event as CustomEvent<AboutPet>).detail;
    if (pet?.petNum === petNum) onSaved(pet);
  };
  doc.addEventListener(SAVED_EVENT, listener);
  return () => doc.removeEventListener(SAVED_EVENT, listener);
}
