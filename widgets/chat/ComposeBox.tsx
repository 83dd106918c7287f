import { useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';

export interface ComposeBoxProps {
  sending: boolean;
  /** Resolves true when the message went out, so the box empties. */
  onSend: (body: string) => Promise<boolean>;
}

// Whether the box being replaced had focus: the first message of a new conversation replaces the
// box with the saved conversation's, and whoever was typing keeps typing there.
let replacedBoxHadFocus = false;

/** Enter sends, Shift+Enter starts a new line. */
export function ComposeBox({ sending, onSend }: ComposeBoxProps) {
  const [body, setBody] = useState('');
  const textarea = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => {
    const box = textarea.current;
    if (replacedBoxHadFocus) box?.focus();
    replacedBoxHadFocus = false;
    return () => {
      replacedBoxHadFocus = box !== null && document.activeElement === box;
    };
  }, []);
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (await onSend(body)) setBody('');
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
      <button type="submit" className="chat-compose__send" disabled={sending}>
        {sending ? 'Sending…' : 'Send'}
      </button>
    </form>
  );
}
