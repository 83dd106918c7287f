import type { Request, RequestHandler } from 'express';
import { petAvatar } from '../pets/images.js';
import type { DogAvatar } from '../shared/dog-avatar.js';
import type { Db } from '../db/index.js';
import type { Settings } from '../settings.js';
import type { UserType } from '../users/rules.js';
import { accountTypeLabel, canImpersonate } from '../users/rules.js';
import type { Pet } from '../pets/queries.js';
import { loadShellCounts, type PetShellFacts } from './counts.js';
import {
  backToListLink,
  footerColumns,
  menuButtonLabel,
  resultsNavButtons,
  type FooterColumn,
  type FooterPet,
  type FooterUser,
  type Link,
  type NavButton,
  type ResultsPage,
} from '../shared/shell-rules.js';

export interface ShellUser {
  name: string;
  email: string;
  userType: UserType;
  isAdmin: boolean;
  showImpersonateLink: boolean;
  /** Staff who scan kits but are not admins get a link to serial scanning (issue 16). */
  showScanKitsLink: boolean;
  showMatchMaker: boolean;
  numUnreadMessages: number;
  /** The phone menu button's accessible name, which tells of unread messages. */
  menuLabel: string;
  petCount: number;
}

export interface ResultsNav {
  petNum: number;
  petName: string;
  /** The dog's profile picture, else its initial (issue 12), beside the results navigation. */
  petAvatar: DogAvatar;
  buttons: NavButton[];
  backToList: Link | null;
  backToPage: Link | null;
  showNewExperienceBanner: boolean;
}

export interface ShellContext {
  user: ShellUser | null;
  /** Breeders see their kennel name as the header title. */
  headerTitle: string | null;
  impersonation: { bannerText: string; readOnly: boolean } | null;
  newExperienceUrl: string;
  footer: FooterColumn[] | null;
  resultsNav: ResultsNav | null;
}

/** Everything the header and footer need, loaded once per page request. */
export function shellContext(db: Db, settings: Settings): RequestHandler {
  return async (req, res, next) => {
    res.locals.shell = await buildShell(db, settings, req);
    next();
  };
}

export async function buildShell(db: Db, settings: Settings, req: Request): Promise<ShellContext> {
  const user = req.currentUser;
  const base = { newExperienceUrl: settings.links.newExperience, resultsNav: null };
  if (!user) return { ...base, user: null, headerTitle: null, impersonation: null, footer: null };

  const { petCount, numUnreadMessages, footerPet } = req.shellCounts ?? (await loadShellCounts(db, user.id));
  const impersonator = req.impersonator;
  return {
    ...base,
    user: {
      name: user.name,
      email: user.email,
      userType: user.userType,
      isAdmin: user.isAdmin,
      showImpersonateLink: !user.isAdmin && canImpersonate(user),
      showScanKitsLink: !user.isAdmin && user.canScanKits && !impersonator,
      showMatchMaker: user.showMatchMaker,
      numUnreadMessages,
      menuLabel: menuButtonLabel(numUnreadMessages),
      petCount,
    },
    headerTitle: user.userType === 'Breeder' ? user.breederName : null,
    impersonation: impersonator
      ? {
          bannerText: `${impersonator.name} impersonating ${accountTypeLabel(user.userType)} ${user.name}`,
          readOnly: Boolean(req.session.impersonationReadOnly),
        }
      : null,
    footer: shellFooter(settings, { userType: user.userType, petCount, showMatchMaker: user.showMatchMaker }, footerPet ? { ...footerPet, hasResults: true } : null),
  };
}

/** What the footer shows of a dog: its record and whether it has results. */
export type FooterPetSource = Pick<Pet, 'petNum' | 'name' | 'isEligibleForInsurance' | 'insuranceUrl' | 'profileImagePublicId' | 'avatarColorIndex'> & { hasResults: boolean };

/**
 * The footer's columns for this account and, when there is one, the dog the footer explores: the one
 * place pages (buildShell, focusShellOnPet) and the footerData query (schema.ts) turn them into columns.
 */
export function shellFooter(settings: Settings, user: FooterUser, pet: FooterPetSource | null): FooterColumn[] {
  return footerColumns(user, pet ? toFooterPet(pet) : null, settings.links);
}

function toFooterPet(pet: FooterPetSource): FooterPet {
  return { petNum: pet.petNum, name: pet.name, isEligibleForInsurance: pet.isEligibleForInsurance, insuranceUrl: pet.insuranceUrl, hasResults: pet.hasResults, avatar: petAvatar(pet) };
}

/**
 * Pet pages call this so the footer and results navigation are about the dog on the page;
 * `hasResults` keeps the footer from naming a dog still waiting for results; `isUpgradeAvailable`
 * locks Health and Traits (PetShellFacts in counts.ts).
 */
export function focusShellOnPet(
  shell: ShellContext,
  settings: Settings,
  pet: Pet & PetShellFacts,
  active: ResultsPage | null,
  backToPage: Link | null = null,
): void {
  const user = shell.user;
  if (!user) return;
  shell.footer = shellFooter(settings, user, pet);
  shell.resultsNav = {
    petNum: pet.petNum,
    petName: pet.name,
    petAvatar: petAvatar(pet),
    buttons: resultsNavButtons(
      user.userType,
      { petNum: pet.petNum, isUpgradeAvailable: pet.isUpgradeAvailable, showRelativeFinder: pet.showRelativeFinder, shouldShowCareResources: pet.shouldShowCareResources },
      active,
      `${settings.links.shop}/products/upgrade`,
    ),
    backToList: backToListLink(user),
    backToPage,
    showNewExperienceBanner: user.userType === 'PetParent',
  };
}
