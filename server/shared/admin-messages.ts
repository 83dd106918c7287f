// User-facing strings of the admin area and serial scanning (issue 16), shared by server, widgets and tests.

// spec 1 §8
export const MISSING_TABLE_ELEMENT = 'Missing tableElement';
/** spec 1 §8 asks for a warning when a search reaches the row limit; its wording is ours. */
export const ADMIN_LIMIT_HIT = 'Showing the first 500 results: there may be more. Narrow the search to see them all.';
export const ADMIN_SEARCH_EMPTY = 'Type something to search for, then press Enter.';
export const ADMIN_SEARCH_TOO_LONG = 'Search for at most 200 characters.';
export const ADMIN_NO_RESULTS = 'Nothing found.';
/** What an empty table says before the first search. */
export const ADMIN_SEARCH_FIRST = 'Search to see rows.';
export const ADMIN_SEARCH_FAILED = 'The search failed. Please try again.';

// spec 2 §5 serial scanning validation
export const SCAN_BOX_KEY_SHORT = 'Please provide full EM code';
export const SCAN_BOX_KEY_NO_PREFIX = 'Code must begin with EM-';
export const SCAN_SWAB_CODE_SHORT = 'Please provide full swab code';
export const SCAN_TRACKING_NUMBER = 'Please provide tracking number';
export const SCAN_DUPLICATE = 'Duplicate code!';
// spec 2 §4 serial scanning input states
export const SCAN_VALIDATING = 'Validating...';
export const SCAN_VALID = 'Valid';
// The server's checks (spec 2 §7 says only that failures carry an error field; the wording is ours).
export const SCAN_UNKNOWN_BOX_KEY = 'Unknown box key';
export const SCAN_BOX_KEY_PAIRED = 'This kit already has a swab';
export const SCAN_KIT_SHIPPED = 'This kit has already shipped';
export const SCAN_KIT_VOID = 'This kit is void';
export const SCAN_WRONG_PRODUCT = 'This kit is for a different product than the order';
export const SCAN_UNKNOWN_SWAB_CODE = 'Unknown swab code';
export const SCAN_SWAB_PAIRED = 'This swab is already paired with a kit';
export const SCAN_SWAB_UNUSABLE = 'This swab cannot be shipped';
export const SCAN_UNKNOWN_SKU = 'Choose the order’s product';
export const SCAN_SUBMITTED = 'Shipped {kits} with tracking number {trackingNumber}.';
/** '1 kit', '3 kits': what SCAN_SUBMITTED's {kits} reads. */
export const kitCount = (count: number): string => `${count} ${count === 1 ? 'kit' : 'kits'}`;
export const SCAN_SUBMIT_FAILED = 'The kits were not shipped: {error}';

// The admin home's counts: each reads as one phrase, '1 kit in stock', '3 kits in stock'.
export type AdminCountName = 'kitsInStock' | 'kitsAwaitingLab' | 'samplesInReview' | 'deadEmails';
const ADMIN_COUNT_WORDS: Record<AdminCountName, [one: string, many: string]> = {
  kitsInStock: ['kit in stock', 'kits in stock'],
  kitsAwaitingLab: ['kit awaiting the lab', 'kits awaiting the lab'],
  samplesInReview: ['sample held for review', 'samples held for review'],
  deadEmails: ['dead e-mail', 'dead e-mails'],
};
export const adminCountText = (name: AdminCountName, count: number): string => `${count} ${ADMIN_COUNT_WORDS[name][count === 1 ? 0 : 1]}`;

// The kit search page (spec 2 §2) names a kit's state in words.
const KIT_STATE_WORDS: Record<string, string> = { in_stock: 'In stock', shipped: 'Shipped', activated: 'Activated', void: 'Void' };
export const kitStateText = (state: string): string => KIT_STATE_WORDS[state] ?? state.replace(/_/g, ' ').replace(/^./, (first) => first.toUpperCase());
