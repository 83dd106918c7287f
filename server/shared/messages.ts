// The spec's user-facing strings, shared by server, widgets and tests.
export * from './startup-messages.js';
export const NOT_AUTHORIZED = 'Not Authorized';
// Not in the spec (issue 36 §24): 'Not Authorized' refuses what the user may not do (403); a dog that
// does not exist answers 404 with these words, and so does one the user may not see, so that its
// existence is not given away.
export const DOG_NOT_FOUND = 'We could not find that dog';
/** The same rule for a photo, video or document: one that does not exist, or that the user may not see. */
export const MEDIA_NOT_FOUND = 'We could not find that photo, video or document';
export const NOT_AVAILABLE_FOR_DOG = 'This page is not available for this dog.';
export const PLEASE_LOG_IN = 'Please log in to continue';
export const INTERNAL_SERVER_ERROR = 'Internal Server Error';
export const INVALID_ARGUMENTS = 'Invalid Arguments';
export const CSRF_MISMATCH = 'CSRF Token Mismatch';
export const MISSING_ENV = 'Missing required environment variable';
// spec 1 §8: the deprecated behaviour. A chat (the interaction between two members) was once started from
// a sample, i.e. a swab; now only from a dog, by its handle (startNewConversationTo).
export const INTERACTION_FROM_SAMPLE_DEPRECATED = 'Creating an interaction from a sample is deprecated: start the chat from the dog\u2019s profile instead.';

export const LOGIN_FAILED = 'That e-mail and password do not match an account.';
export const LOGIN_THROTTLED = 'Too many failed sign-in attempts. Please wait a few minutes and try again.';
export const PASSWORD_REQUIRED = 'Password is required';
export const PASSWORD_TOO_SHORT = 'Password must be at least 6 characters';
export const EMAIL_INVALID = 'Please enter a valid e-mail address';
export const EMAIL_TAKEN = 'An account with that e-mail already exists';
export const NAME_REQUIRED = 'Please enter your name';
export const NO_SUCH_USER = 'No user with that e-mail';
export const READ_ONLY_IMPERSONATION = 'Sub-admin impersonation is read-only';


// Chat (spec 1 §5, §8; spec 2 §4, §8; issue 6).
export const CHAT_EMPTY_BODY = 'Please add a message body before sending';
export const CHAT_SEND_FAILED = 'Failed to send message';
export const CHAT_BLOCK_FAILED = 'Failed to block user';
export const CHAT_UNBLOCK_FAILED = 'Failed to unblock user';
export const CHAT_DELETE_FAILED = 'Failed to delete conversation';
export const CHAT_CONVERSATIONS_FAILED = 'Error getting conversations.';
export const CHAT_MESSAGE_TOO_LONG = 'Messages can be at most 5000 characters long';
export const CHAT_RATE_LIMITED = 'You are sending messages too quickly. Please wait a minute and try again.';
export const CHAT_BLOCKED = 'This conversation is blocked, so no messages can be sent';
export const CHAT_NOT_YOUR_BLOCK = 'Only the person who blocked this conversation can unblock it';
export const CHAT_WITH_YOURSELF = 'You cannot start a chat with your own dog';
export const CHAT_UNKNOWN_DOG = 'We could not find a dog with that handle';
// issue 36 §2: a patient its vet practice registered has no owner on the site until the client takes it over
export const CHAT_NO_OWNER = 'This dog has no owner on Embark yet, so there is no one to chat with.';
export const CHAT_NO_CONVERSATIONS = 'You have no conversations yet.';
export const CHAT_PICK_CONVERSATION = 'Choose a conversation to read its messages.';
export const CHAT_BLOCK_CONFIRM = 'Block {name}? Neither of you will be able to send messages in this conversation until you unblock them.';
export const CHAT_DELETE_CONFIRM = 'Delete this conversation? Its messages are removed for you only.';
export const CHAT_BLOCKED_NOTICE = 'This conversation is blocked.';
export const CHAT_READ = 'Read: {time}';
export const CHAT_UNREAD = 'Unread';
export const CHAT_SENT = 'Sent: {time}';
export const CHAT_EMAIL_SUBJECT = 'New message from {name}';

// Genetic stats section (spec 1 §4; issue 4).
export const LIFE_STAGE_PENDING = 'Pending';
export const LIFE_STAGE_OFFER = 'Want help calculating your dog\u2019s life stage? Tell us its birthday.';
export const LIFE_STAGE_OFFER_LINK = 'Add a birthday';
export const GENETIC_STAT_NOT_AVAILABLE = 'Not available yet';
// A dog whose results come from another lab's DNA file (a real array export, issue 17): say why, not "yet".
export const OTHER_LABS_FILE_NOTICE =
  '{name}\u2019s results come from a DNA file of another lab\u2019s test. That test reads other spots in the DNA than ours, so some results cannot be worked out from it: the breed mix, the predicted adult weight and wolfiness, and the health and trait results at spots it does not read. The coefficient of inbreeding, and relatives among the other dogs tested this way, come from the file itself.';
export const OTHER_LABS_FILE_WEIGHT = 'Not predicted from this DNA file';
export const OTHER_LABS_FILE_WEIGHT_WHY = 'We predict weight from a dog\u2019s breeds, and the other lab\u2019s test does not read the spots in the DNA that tell us the breeds.';
export const OTHER_LABS_FILE_WOLFINESS = 'Not measured from this DNA file';
export const OTHER_LABS_FILE_WOLFINESS_WHY = 'The other lab\u2019s test does not read the spots in the DNA where wolves and dogs differ.';
export const OTHER_LABS_FILE_LIFE_STAGE = 'Not available from this DNA file: the life stage needs a predicted adult weight.';

// Relatives (spec 2 §4; issue 4).
export const RELATIVES_CLOSE_FAMILY_WARNING =
  '{count} of these relatives are close family. That is more than most dogs have: it usually means many of the family have been tested, or that the family is closely bred.';
export const RELATIVES_NONE = 'No relatives found yet. We compare every newly tested dog with yours and will list relatives here as we find them.';
export const RELATIVES_LOADING = 'Loading relatives\u2026';
export const RELATIVES_LOADING_MORE = 'Loading\u2026';
export const RELATIVES_NEW = 'New';
export const RELATIVES_CHAT = 'Chat with owner';

// Public profile (spec 2 §4, §8; issue 11).
export const MIX_COMPARISON_LOADING = 'Loading\u2026';
export const MIX_COMPARISON_ERROR = 'Error loading Dogs Like Mine breakdown.';
// Not in the spec: an unknown (or unseen) handle and a blank one are the visitor's to fix, not a failure.
export const MIX_COMPARISON_UNKNOWN_DOG = 'We could not find a dog with that handle. Please check it and try again.';
export const MIX_COMPARISON_HANDLE_REQUIRED = 'Please enter a dog’s handle to compare with.';
export const PUBLIC_PROFILE_SIGN_IN = 'This dog’s owner shares its profile with Embark members only. Sign in to see it.';

// Age test, care resources, nutrition recommendation (issue 4 point 7).
export const AGE_TEST_ACCURACY_QUESTION = 'Is this accurate?';
export const AGE_TEST_FEEDBACK_THANKS = 'Thank you for your feedback on the age test.';
export const AGE_TEST_FEEDBACK_INVALID = 'Please answer Yes or No about the predicted birthday.';
export const AGE_TEST_OFFER = 'Don\u2019t know your dog\u2019s birthday? The Embark Dog Age Test predicts it from a cheek swab.';
export const CARE_FEEDBACK_QUESTION = 'Were these care resources helpful?';
export const CARE_FEEDBACK_THANKS = 'Thank you for your feedback.';
export const CARE_FEEDBACK_INVALID = 'Please answer Yes or No; additional text can be at most 500 characters.';
export const NUTRITION_SAVED = 'Your dog\u2019s nutrition details are saved.';
export const NUTRITION_REQUESTED = 'Your nutrition recommendation is requested. We will e-mail you when it is ready.';
export const NUTRITION_INPUTS_REQUIRED = 'Please save your dog\u2019s nutrition details before requesting a recommendation.';
export const NUTRITION_FORM_INVALID = 'Please correct the fields marked below.';

// About-pet widgets (issue 5; spec 2 §8).
export const ABOUT_PET_AJAX_FAILED = 'About pet ajax failed';

// Locations, vet information and data settings (issue 5 points 3-4; spec 1 §8, spec 2 §8).
export const LOCATION_SAVE_FAILED = 'Something went wrong, please try again later';
export const VET_UPDATE_FAILED = 'Failed to update information: {message}';
export const VET_UPDATE_ERROR = 'Something went wrong. Please try again.';
export const MAPS_LOAD_FAILED = 'The maps library could not be loaded';
export const PLACE_DETAILS_FAILED = 'We could not load that place. Please choose it again.';
export const PLACE_SEARCH_FAILED = 'Place search is not available right now. Please try again later.';
export const PLACE_NO_RESULTS = 'No places found';

// Account settings page /members/profile (spec 2 §5; issue 5 point 5).
export const PHONE_INVALID = 'That phone number appears to be invalid, please check and try again';
export const PHONE_NOT_VALID_FOR = 'Not a valid number for {country}';
export const SETTINGS_FORM_INVALID = 'Please correct the fields marked below.';
export const SETTINGS_NAME_TOO_LONG = 'Your name can be at most 100 characters long';
export const SETTINGS_NAME_CONTROL_CHARACTERS = 'Your name cannot contain line breaks or other control characters';
export const SETTINGS_COUNTRY_INVALID = 'Please choose your country from the list';
export const SETTINGS_UNEXPECTED_FIELDS = 'This form sent fields we did not expect. Please reload the page and try again.';
export const SETTINGS_DETAILS_SAVED = 'Your account details are saved.';
export const SETTINGS_PHONE_SAVED = 'Your phone number is saved.';
export const SETTINGS_PHONE_REMOVED = 'Your phone number is removed.';
export const SETTINGS_EMAIL_SAVED = 'Your e-mail preferences are saved.';
export const SETTINGS_EMAIL_SAVE_FAILED = 'Your e-mail preferences could not be saved. Please try again.';
export const SETTINGS_READ_ONLY = 'Your account is read-only, so these settings cannot be changed.';

// Kit activation /members/activate (issue 15).
export const ACTIVATION_CODE_FORMAT = 'Please enter the box key from your kit (it starts with EM-) or the swab code printed on the swab tube (at least 12 letters and digits).';
export const ACTIVATION_CODE_UNKNOWN = 'We could not find a kit with that code. Please check it and try again.';
export const ACTIVATION_TOO_MANY_CODES = 'Too many codes did not match a kit. Please wait an hour and try again, or contact support.';
export const ACTIVATION_ALREADY_ACTIVATED = 'This kit has already been activated.';
export const ACTIVATION_VOIDED = 'This kit has been voided and cannot be activated. Please contact support.';
export const ACTIVATION_PRACTICE_KIT = 'This kit was ordered by {practice}. Its results will be shared with the practice.';
export const ACTIVATION_PRACTICE_REQUIRED = 'This kit was ordered by {practice}. Please confirm the practice to continue.';
export const ACTIVATION_NOT_A_PRACTICE_KIT = 'This kit was not ordered by that practice.';
export const ACTIVATION_NOT_STARTED = 'Please enter the code of your kit first.';
export const ACTIVATION_EARLIER_STEP = 'Please answer the earlier steps first.';
export const ACTIVATION_CHOOSE_DOG = 'Please choose one of your dogs or add a new one.';
export const ACTIVATION_NOT_YOUR_DOG = 'You can only activate a kit for a dog on your account.';
export const ACTIVATION_DOG_HAS_DNA_TEST = '{name} already has a DNA test. Please choose another dog or add a new one.';
export const ACTIVATION_DOG_HAS_AGE_TEST = '{name} already has an age test in progress. Please choose another dog or add a new one.';
export const ACTIVATION_HOW_HEARD_REQUIRED = 'Please tell us how you heard about us.';
export const ACTIVATION_RESEARCH_REQUIRED = 'Please choose whether to contribute to research.';
export const ACTIVATION_DONE = 'The kit is activated for {name}. Send the swab to the lab; we will e-mail you when the results are ready.';
export const ACTIVATION_AWAITING_RESULTS = 'Awaiting results';
export const ACTIVATION_CONTACT_SUPPORT = 'This kit cannot be activated online. Please contact support.';

// Password reset and change (issue 15 point 4).
export const RESET_EMAIL_SUBJECT = 'Reset your Embark password';
export const RESET_REQUEST_SENT = 'If an account uses that e-mail address, we have sent it a link to choose a new password. The link works once, within one hour.';
export const RESET_THROTTLED = 'Too many password reset requests. Please try again in an hour.';
export const RESET_LINK_INVALID = 'This password reset link is not valid. Please check that you copied all of it, or ask for a new one.';
export const RESET_LINK_USED = 'This password reset link has already been used. Please ask for a new one.';
export const RESET_LINK_EXPIRED = 'This password reset link has expired. Please ask for a new one.';
export const RESET_DONE = 'Your password is changed and you are signed out everywhere else. Please sign in with your new password.';
export const PASSWORD_CURRENT_WRONG = 'Your current password is not correct.';
export const PASSWORD_CHANGED = 'Your password is changed. Every other session of your account is signed out.';
export const PASSWORD_UNCHANGED = 'Your new password is the same as your current one.';
export const PASSWORD_CHANGE_IMPERSONATING = 'A password cannot be changed while impersonating.';

// Gallery and media (spec 1 §4, §8; issue 12)
export const UPLOAD_FAILED = 'Some of your files failed uploading.';
export const MEDIA_ACTION_FAILED = 'Action failed!';
export const MEDIA_GAVE_A_WAG = 'You gave a wag!';
export const MEDIA_GIVE_A_WAG = 'Give a wag';
export const MEDIA_DELETE_FAILED = 'Failed to delete media';
export const MEDIA_SET_PROFILE_PICTURE_FAILED = 'Failed to set picture as profile picture';
export const MEDIA_UNSET_PROFILE_PICTURE_FAILED = 'Failed to unset picture as profile picture';
export const MEDIA_CAPTION_FAILED = 'Failed to update caption, please try again';
export const MEDIA_CAPTION_TOO_LONG = 'Captions can be at most 1000 characters long';
export const MEDIA_VET_FORM_DISCLAIMER =
  'A Veterinary Verification Form holds your vet’s and your own contact details. It is never shown on your dog’s public profile: only you, co-owners you share the dog with, your dog’s vet practice and Embark staff can open it.';

// Breeder dog settings (spec 2 §8; issue 14).
export const FAILED_TO_SEND = 'Failed to send';
// Vets: sharing results with a vet, the vet report, the practice dashboard (issue 13; spec 2 §4, §5, §8, §9).
export const VET_NAME_REQUIRED = 'Vet name is required';
export const VET_NAME_TOO_LONG = 'Vet name must be at most 100 characters';
export const VET_NAME_ONE_LINE = 'Vet name must be on one line';
export const VET_EMAIL_REQUIRED = 'Vet email is required';
export const VET_EMAIL_INVALID = 'Vet email is not valid';
export const VET_SHARE_FAILED = 'Something went wrong. Please try again.';
// issue 36 §8: the report holds the breed mix, health results and traits, so there is nothing to share before them
export const VET_SHARE_NO_RESULTS = '{name}’s results are not ready yet. Once they are, you can share them with your vet here.';
export const VET_SHARE_RATE_LIMITED = 'You have shared results many times in the last hour. Please try again later.';
export const VET_SHARE_SENT = 'Your results were sent to {name}.';
export const VET_SHARE_REVOKED = 'The share is revoked: its link no longer opens the report.';
export const VET_LINK_RESET = 'Your vet report link is replaced: the old link no longer opens the report.';
export const VET_REPORT_COPY_LINK = 'Copy link';
export const VET_REPORT_LINK_COPIED = 'Link copied';
export const VET_EMAIL_SUBJECT = '{owner} shared {pet}\u2019s DNA results with you';
export const PATIENT_NOTE_REQUIRED = 'Please write a note';
export const PATIENT_NOTE_TOO_LONG = 'A note can be at most 5000 characters long';
export const PATIENT_NAME_REQUIRED = 'Please enter the patient\u2019s name';
export const CLIENT_EMAIL_INVALID = 'Please enter a valid client e-mail address';
export const PATIENT_NOT_EDITABLE = 'This patient belongs to a client: only the practice\u2019s own patients can be edited';
export const TRANSFER_NEEDS_EMAIL = 'Add the client\u2019s e-mail address before releasing the patient';
export const TRANSFER_EMAIL_SUBJECT = '{practice} invites you to {pet}\u2019s DNA results on Embark';
export const PRACTICE_NAME_REQUIRED = 'Please enter the name of your practice';
