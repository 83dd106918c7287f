import { useState } from 'react';
import { MEDIA_ACTION_FAILED, MEDIA_GAVE_A_WAG, MEDIA_GIVE_A_WAG } from '../../server/shared/messages';
import { getWithToken, reportFailure } from './api';
import { expectedWagAnswer, likeUrl, toggledWag, wagCount, type WagState } from './rules';

/** spec 1 §4 gallery like: optimistic, reverted with 'Action failed!' unless the server answers 'added' / 'deleted'. */
export function Wag({ mediaType, publicId, initial, canWag }: { mediaType: string; publicId: string; initial: WagState; canWag: boolean }) {
  const [state, setState] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function toggle() {
    const change = toggledWag(state);
    if (!change || busy) return;
    const before = state;
    setState(change.next);
    setError(null);
    setBusy(true);
    try {
      const answer = await getWithToken<unknown>(likeUrl(change.action, mediaType, publicId));
      if (answer !== expectedWagAnswer(change.action)) throw new Error(String(answer));
    } catch (error) {
      setState(before);
      reportFailure(error, () => setError(MEDIA_ACTION_FAILED));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="gallery-wag">
      {canWag ? (
        <button type="button" className={`button button--small ${state.liked ? '' : 'button--outline'}`} aria-pressed={state.liked} onClick={toggle} data-wag-button>
          {state.liked ? MEDIA_GAVE_A_WAG : MEDIA_GIVE_A_WAG}
        </button>
      ) : null}
      <span className="gallery-wag__count" data-wag-count>{wagCount(state.count)}</span>
      {error && <span className="gallery-wag__error" role="alert">{error}</span>}
    </div>
  );
}
