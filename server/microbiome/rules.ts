// Microbiome states of migration 0008 (spec 1 §4 leaves their values to us), in an owner's words.
const STATE_TEXT: Record<string, string> = {
  ordered: 'Ordered',
  activated: 'Activated: waiting for the sample to reach the lab',
  received: 'Received by the lab',
  processing: 'Processing',
  released: 'Report ready',
  failed: 'Failed: the sample could not be read',
};

const TYPE_TEXT: Record<string, string> = { gut: 'Gut microbiome', oral: 'Oral microbiome', skin: 'Skin microbiome' };

export function microbiomeStateText(state: string): string {
  return STATE_TEXT[state] ?? state;
}

export function microbiomeTypeText(testType: string): string {
  return TYPE_TEXT[testType] ?? `${testType.charAt(0).toUpperCase()}${testType.slice(1)} microbiome`;
}

/** Only web links are rendered as links; anything else stored in report_url is not trusted. */
export function safeReportUrl(url: string | null): string | null {
  return url && /^https?:\/\//i.test(url) ? url : null;
}
