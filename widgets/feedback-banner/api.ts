import { graphqlRequest, type GraphqlDeps } from '../shared/graphql';
import type { FeedbackAnswer } from '../../server/shared/feedback-rules';
import type { FeedbackBannerProps } from './rules';

export const SHOULD_SHOW_FEEDBACK = /* GraphQL */ `
  query ShouldShowFeedback($page: String!, $variant: String, $petUuid: ID) {
    shouldShowFeedback(page: $page, variant: $variant, petUuid: $petUuid)
  }
`;

export const ADD_FEEDBACK = /* GraphQL */ `
  mutation AddFeedback(
    $page: String!
    $variant: String
    $petUuid: ID
    $isHelpful: Boolean!
    $selectedFeedback: [String!]
    $additionalText: String
    $pageVariables: [FeedbackPageVariableInput!]
  ) {
    addFeedback(
      page: $page
      variant: $variant
      petUuid: $petUuid
      isHelpful: $isHelpful
      selectedFeedback: $selectedFeedback
      additionalText: $additionalText
      pageVariables: $pageVariables
    ) {
      id
    }
  }
`;

export async function shouldShowFeedback(place: FeedbackBannerProps, deps?: GraphqlDeps): Promise<boolean> {
  const data = await graphqlRequest<{ shouldShowFeedback: boolean }>(SHOULD_SHOW_FEEDBACK, { ...place }, deps);
  return data.shouldShowFeedback === true;
}

export async function addFeedback(place: FeedbackBannerProps, answer: FeedbackAnswer, deps?: GraphqlDeps): Promise<void> {
  await graphqlRequest(
    ADD_FEEDBACK,
    {
      ...place,
      isHelpful: answer.isHelpful,
      selectedFeedback: answer.selectedFeedback,
      additionalText: answer.additionalText.trim() || null,
      pageVariables: [{ name: 'path', value: window.location.pathname.slice(0, 200) }],
    },
    deps,
  );
}
