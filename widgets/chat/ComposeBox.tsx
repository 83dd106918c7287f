import { useState, type FormEvent, type KeyboardEvent } from 'react';

export interface ComposeBoxProps {
  sending: boolean;
  /** Resolves true when the message went out, so the box empties. */
  onSend: (body: string) => Promise<boolean>;
}

/** Enter sends, Shift+Enter starts a new line. */
export function ComposeBox({ sending, onSend }: ComposeBoxProps) {
  const [body, setBody] = useState('');
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
