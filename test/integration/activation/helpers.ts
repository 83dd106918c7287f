import type { Express } from 'express';
import { graphql, type Agent } from '../../support/app.js';

export const KIT_FIELDS = 'boxKeyOrSwabCode step productType productName kind boxKey swabCodes practice { practiceId name } petNum newPetName howDidYouHear agreedToResearch researchConsentDate activatedDate';

export const LOOK_UP = `mutation ($code: String!) { activateBoxKeyOrSwabCode(boxKeyOrSwabCode: $code) { ${KIT_FIELDS} } }`;
export const SELECT_DOG = `mutation ($code: String!, $petNum: Int, $practiceId: Int, $newPet: ActivationNewPetInput) {
  activateSelectDog(boxKeyOrSwabCode: $code, petNum: $petNum, practiceId: $practiceId, newPet: $newPet) { ${KIT_FIELDS} } }`;
export const HOW_HEARD = `mutation ($code: String!, $answer: String!) { activateHowDidYouHear(boxKeyOrSwabCode: $code, howDidYouHear: $answer) { ${KIT_FIELDS} } }`;
export const RESEARCH = `mutation ($code: String!, $agree: Boolean!) { activateContributeToResearch(boxKeyOrSwabCode: $code, agree: $agree) { ${KIT_FIELDS} } }`;
export const ACTIVATE = `mutation ($code: String!) { activateSwab(boxKeyOrSwabCode: $code) { ${KIT_FIELDS} } }`;

/** The first error message of a GraphQL answer, or null when it has none. */
export function errorOf(response: { body: { errors?: { message: string }[] } }): string | null {
  return response.body.errors?.[0]?.message ?? null;
}

export async function call(agent: Agent, query: string, variables: Record<string, unknown>) {
  const response = await graphql(agent, query, variables);
  return { response, error: errorOf(response), data: response.body.data ?? null };
}

/** Walks a kit through every step up to activateSwab; answers the activateSwab result. */
export async function activateThroughGraphql(agent: Agent, code: string, dog: { petNum?: number; newPet?: Record<string, unknown>; practiceId?: number }) {
  const steps: [string, Record<string, unknown>][] = [
    [LOOK_UP, { code }],
    [SELECT_DOG, { code, ...dog }],
    [HOW_HEARD, { code, answer: 'Veterinarian' }],
    [RESEARCH, { code, agree: true }],
  ];
  for (const [query, variables] of steps) {
    const { error } = await call(agent, query, variables);
    if (error) throw new Error(`${query.slice(0, 40)}: ${error}`);
  }
  return call(agent, ACTIVATE, { code });
}

export type { Agent, Express };
