// Marker: views/partials/feedback-banner.ejs on the summary, health and traits pages.
export { FeedbackBanner as default } from './FeedbackBanner';
export { parseFeedbackBannerProps as parseProps } from './rules';
