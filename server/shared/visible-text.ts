// Pure text rules shared by the server's validation and the widgets' forms.

// What takes no room on screen: whitespace, control characters (C1 ones such as U+0085 pass the
// edge's C0 check), format characters (zero-width space and joiners, soft hyphen, byte-order mark) and
// the blank letters some keyboards offer (Hangul fillers, braille blank).
const INVISIBLE_ONLY = /^[\s\p{Cc}\p{Cf}\u115F\u1160\u2800\u3164\uFFA0]*$/u;
const LINE_BREAK = /[\n\r\u0085\u2028\u2029]/;

/** True when a reader would see nothing: empty, or only spaces and invisible characters. */
export const isBlank = (text: string): boolean => INVISIBLE_ONLY.test(text);

/** True when the text would break onto another line (single-line fields such as names refuse it). */
export const hasLineBreak = (text: string): boolean => LINE_BREAK.test(text);

// C0 and C1 control characters (tab, line breaks and terminal escapes such as U+009B among them) and
// the Unicode line and paragraph separators.
const CONTROL_OR_LINE_BREAK = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** True when the text holds a control character or a line break: a person's name, shown in headers and e-mails, refuses it. */
export const hasControlCharacterOrLineBreak = (text: string): boolean => CONTROL_OR_LINE_BREAK.test(text);

// C0 and C1 control characters but the line feed and carriage return that end a line of a message.
const CONTROL_BUT_NEWLINE = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** True when multi-line text (a chat message) holds a control character other than its line breaks: a tab, a terminal escape such as U+009B, U+0085. */
export const hasControlCharacter = (text: string): boolean => CONTROL_BUT_NEWLINE.test(text);
