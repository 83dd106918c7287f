// The Help Center's questions, grouped by topic and written in our own words. Answers are plain
// text (the page escapes them); `links` add a way to act on the answer.
import type { CatalogueFacts } from './catalogue-facts.js';

export interface HelpLink {
  label: string;
  href: string;
}

export interface HelpQuestion {
  /** Stable anchor, so support can send someone straight to an answer: /help#activate-kit */
  id: string;
  question: string;
  answer: string[];
  links?: HelpLink[];
}

export interface HelpTopic {
  id: string;
  title: string;
  summary: string;
  questions: HelpQuestion[];
}

export function helpTopics(facts: CatalogueFacts): HelpTopic[] {
  return [
    {
      id: 'kits',
      title: 'Kits and activation',
      summary: 'Registering a kit, taking the swab and sending it back.',
      questions: [
        {
          id: 'activate-kit',
          question: 'How do I activate my kit?',
          answer: [
            'Sign in (or create an account), open Activate Kit and type the box key printed inside the lid, which starts with EM-, or the code on the swab tube. Then pick the dog the swab belongs to or add a new one.',
            'Activate before you mail the swab: a sample the lab cannot match to a dog waits until someone claims it.',
          ],
          links: [{ label: 'Activate a kit', href: '/members/activate' }],
        },
        {
          id: 'take-swab',
          question: 'How do I take a good cheek swab?',
          answer: [
            'Wait at least 30 minutes after your dog last ate or drank, or played with another dog. Rub the swab firmly along the inside of the cheek for about 30 seconds, slide it into the tube and close the cap tightly so the liquid keeps the cells stable.',
            'Puppies can be swabbed once they are weaned and no longer share food bowls with their litter.',
          ],
        },
        {
          id: 'several-dogs',
          question: 'I bought kits for several dogs. Does it matter which swab goes with which dog?',
          answer: ['Yes. Each swab code is tied to the dog you chose when you activated it. Swab one dog at a time, activate its code and label the bag before moving on to the next.'],
        },
        {
          id: 'mail-back',
          question: 'How do I send the swab to the lab?',
          answer: ['Put the capped tube in the specimen bag, seal it in the prepaid return box and drop it at the post. Keep the tracking number until your results arrive.'],
        },
      ],
    },
    {
      id: 'results',
      title: 'Results',
      summary: 'When results arrive and how to read the breed mix.',
      questions: [
        {
          id: 'how-long',
          question: 'How long do results take?',
          answer: [
            'Usually two to four weeks after the lab receives the swab. The summary page of your dog shows where the sample is: received, being processed, or released. We send an e-mail the moment results are ready.',
          ],
        },
        {
          id: 'breed-mix',
          question: 'How is the breed mix worked out?',
          answer: [
            `The lab reads a panel of markers spread across your dog's chromosomes and compares each stretch of DNA with reference dogs of ${facts.breeds} breeds, types and wild canids. Each segment is assigned to the breed it matches best; the percentages add up those segments.`,
            'Breeds found only in small amounts are listed as trace ancestry. A share labelled Supermutt stands for many distant ancestors whose segments are too short to name.',
          ],
        },
        {
          id: 'surprise-breed',
          question: 'The result shows a breed I did not expect. Can it be wrong?',
          answer: [
            'Looks can mislead: a handful of genes decides coat, ears and size, so a dog can resemble one breed and descend mostly from others. If the result still seems off, check that the swab was activated for the right dog, then write to us and we will look at the sample.',
          ],
          links: [{ label: 'Contact us', href: '/contact' }],
        },
        {
          id: 'raw-data',
          question: 'Can I download my dog\'s raw DNA data?',
          answer: ['Yes. Owners of a tested dog find a download link on the summary page: a tab-separated file of every marker, or the PLINK format that research tools read.'],
        },
      ],
    },
    {
      id: 'health',
      title: 'Health',
      summary: 'What clear, carrier and at risk mean, and what to do next.',
      questions: [
        {
          id: 'health-calls',
          question: 'What do clear, carrier and at risk mean?',
          answer: [
            `The lab tests ${facts.healthConditions} genetic health conditions. Clear means the variant was not found. Carrier means one copy was found: for most conditions a carrier stays healthy but can pass the variant on. At risk means your dog has the copies that can cause the condition.`,
            'At risk is not a diagnosis. Many dogs at risk never show signs; share the result with your vet, who can decide whether any check-up is worth doing.',
          ],
        },
        {
          id: 'share-vet',
          question: 'How do I share results with my vet?',
          answer: ['Open your dog\'s profile, add your practice under Veterinary information and tick that we may contact your vet. You can also simply show the results on your phone at the next visit.'],
        },
        {
          id: 'not-tested',
          question: 'Why does a condition say "not tested on this sample"?',
          answer: ['Some samples do not cover every marker, for example raw data uploaded from another genotyping array. Conditions whose markers are missing are shown as not tested rather than guessed.'],
        },
      ],
    },
    {
      id: 'traits',
      title: 'Traits and genetic stats',
      summary: 'Coat, size, wolfiness, inbreeding and life stage.',
      questions: [
        {
          id: 'traits',
          question: 'Which traits does the test read?',
          answer: [`${facts.traits} trait markers: coat colour and pattern, coat length, curl and shedding, body size genes, and a few others such as eye colour and tail length. Each trait shows your dog's genotype and what it means.`],
        },
        {
          id: 'coi',
          question: 'What is the coefficient of inbreeding?',
          answer: ['It is the share of the genome where both copies came from the same ancestor, measured from long runs of identical DNA. Mixed-breed dogs usually score low; many purebred dogs score higher. Breeders use it to plan litters with more diversity.'],
        },
      ],
    },
    {
      id: 'relatives',
      title: 'Relatives',
      summary: 'Finding family among tested dogs.',
      questions: [
        {
          id: 'find-relatives',
          question: 'How are relatives found?',
          answer: [
            'Your dog is compared with every other tested dog. Relatives share long identical stretches of DNA; the more they share, the closer the relationship, from immediate family (a parent, puppy or littermate) to distant relatives.',
            'New relatives appear as more dogs are tested, so it is worth looking again from time to time.',
          ],
        },
        {
          id: 'contact-relative',
          question: 'Can I talk to the owner of a relative?',
          answer: ['If their privacy settings allow it, a chat button appears next to the relative. Messages stay on the site; you can block someone at any time.'],
        },
      ],
    },
    {
      id: 'account',
      title: 'Account and privacy',
      summary: 'Sign-in, settings and who can see your dog.',
      questions: [
        {
          id: 'privacy',
          question: 'Who can see my dog\'s profile?',
          answer: ['You choose for each dog: public (anyone, and search engines), members only, or private (only you and the people you share the dog with).'],
        },
        {
          id: 'share-dog',
          question: 'Can someone else in my family see our dog\'s results?',
          answer: ['Yes. A dog can have several owners: each has their own sign-in, and you decide whether they may only look or also edit.'],
        },
        {
          id: 'emails',
          question: 'How do I change which e-mails I get?',
          answer: ['Open Settings and switch each kind of e-mail on or off. The change applies at once.'],
          links: [{ label: 'Settings', href: '/members/profile' }],
        },
      ],
    },
    {
      id: 'breeders-and-vets',
      title: 'Breeders and vets',
      summary: 'Tools for planning litters and caring for patients.',
      questions: [
        {
          id: 'pair-predictor',
          question: 'What does the pair predictor tell a breeder?',
          answer: ['Choose a sire and a dam you have tested: it predicts the inbreeding coefficient of their puppies and the odds of each health result and coat colour, worked out from both parents\' genotypes.'],
          links: [{ label: 'For breeders', href: '/breeders' }],
        },
        {
          id: 'vet-access',
          question: 'How does a vet see a patient\'s results?',
          answer: ['Dogs that are patients of your practice appear under My Patients with their full results, ready to discuss at the next visit.'],
          links: [{ label: 'For vets', href: '/vets' }],
        },
      ],
    },
  ];
}
