import { useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { isBlank } from '../../server/shared/visible-text';

export interface ComposeBoxProps {
  sending: boolean;
  /** Resolves true when the message went out, so the box empties. */
  onSend: (body: string) => Promise<boolean>;
}

// Whether the box being replaced had focus: the first message of a new conversation replaces the
// box with the saved conversation's, and whoever was typing keeps typing there.
let replacedBoxHadFocus = false;

/** Whether the writer is still at `box`: in it, or at its Send button (which sending disabled, dropping focus to the body). */
function writerIsAt(box: HTMLTextAreaElement, sendingHere: boolean): boolean {
  const focused = document.activeElement;
  if (focused === box) return true;
  return sendingHere && (focused === null || focused === document.body || Boolean(box.form?.contains(focused)));
}

/** Enter sends, Shift+Enter starts a new line. Send stays disabled while the box is blank. */
export function ComposeBox({ sending, onSend }: ComposeBoxProps) {
  const [body, setBody] = useState('');
  const textarea = useRef<HTMLTextAreaElement>(null);
  const sendingHere = useRef(false);
  useLayoutEffect(() => {
    const box = textarea.current;
    if (replacedBoxHadFocus) box?.focus();
    replacedBoxHadFocus = false;
    return () => {
      replacedBoxHadFocus = box !== null && writerIsAt(box, sendingHere.current);
    };
  }, []);
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    sendingHere.current = true;
    try {
      if (await onSend(body)) setBody('');
    } finally {
      sendingHere.current = false;
    }
    // sent or refused, the writer goes on typing here (null once a new conversation replaced the box)
    const box = textarea.current;
    if (box && writerIsAt(box, true)) box.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      void submit();
    }
  };
  return (
    <form className="chat-compose" onSubmit={submit}>
      <label className="visually-hidden" htmlFor="chat-compose-body">
        Message
      </label>
      <textarea
        ref={textarea}
        id="chat-compose-body"
        className="chat-compose__body"
        name="body"
        rows={3}
        placeholder="Write a message"
        value={body}
        onChange={(event) => setBody(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className="chat-compose__send" disabled={sending || isBlank(body)}>
        {sending ? 'Sending…' : 'Send'}
      </button>
    </form>
  );
}
