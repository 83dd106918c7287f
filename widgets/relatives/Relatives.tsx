import { useEffect, useRef, useState } from 'react';
import { fetchJson } from '../shared/fetch-json';
import {
  RELATIVES_CHAT,
  RELATIVES_LOADING,
  RELATIVES_LOADING_MORE,
  RELATIVES_NEW,
  RELATIVES_NONE,
  SHOW_MORE,
} from '../../server/shared/messages';
import { DogAvatar } from '../shared/DogAvatar';
import { RelatednessGauge } from './RelatednessGauge';
import {
  checkRelativesResponse,
  closeFamilyWarning,
  hasMoreRelatives,
  initialShownCount,
  newHandles,
  nextShownCount,
  relativeCardView,
  relativesUrl,
  SHOW_MORE_DELAY_MS,
  type RelativeCardView,
  type RelativesPreview,
  type RelativesResponse,
  type RelativesWidgetProps,
} from './rules';

type Load = { state: 'loading' } | { state: 'failed'; error: unknown } | { state: 'loaded'; response: RelativesResponse };

function RelativeCard({ card }: { card: RelativeCardView }) {
  // Same markup as views/members/results/partials/relative-card.ejs, which renders the first page on the server.
  return (
    <li className="relative-card" data-handle={card.handle}>
      <RelatednessGauge percent={card.sharedPercent} height={card.gaugeHeight} color={card.category.color} label={card.relatedness} />
      <a className="relative-card__picture" href={card.profileHref} tabIndex={-1} aria-hidden="true">
        <DogAvatar avatar={card.avatar} className="relative-card__avatar" />
      </a>
      <div className="relative-card__body">
        <p className="relative-card__name">
          <a href={card.profileHref}>{card.displayName}</a>
          {card.isNew && <span className="relative-card__new">{RELATIVES_NEW}</span>}
        </p>
        {card.breedDisplayName && <p className="relative-card__breed">{card.breedDisplayName}</p>}
        {card.topBreed && <p className="relative-card__top-breed">{card.topBreed}</p>}
        <p className="relative-card__relatedness">
          <span className="relative-card__category" style={{ borderColor: card.category.color }} title={card.category.explanation}>
            {card.category.label}
          </span>{' '}
          {card.relatedness}
        </p>
        <p className="relative-card__explanation">{card.category.explanation}</p>
      </div>
      {card.chatHref && (
        <a className="button button--secondary relative-card__chat" href={card.chatHref}>
          {RELATIVES_CHAT}
        </a>
      )}
    </li>
  );
}

/** Before the list arrives: the first page the server rendered, so nothing jumps. */
function Preview({ preview }: { preview: RelativesPreview }) {
  return (
    <div className="relatives" data-total={preview.total}>
      {preview.warning && (
        <p className="relatives__warning" role="note">
          {preview.warning}
        </p>
      )}
      <ol className="relatives__list">
        {preview.cards.map((card) => (
          <RelativeCard key={card.handle} card={card} />
        ))}
      </ol>
      <p className="relatives__loading" role="status">
        {RELATIVES_LOADING}
      </p>
    </div>
  );
}

/** The relatives list (spec 2 §4): 5 at a time, closest first, with the close-family warning. */
export function Relatives({ petNum, preview }: RelativesWidgetProps) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [shown, setShown] = useState(0);
  const [loadingMore, setLoadingMore] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    let active = true;
    fetchJson(relativesUrl(petNum)).then(
      (body) => {
        if (!active) return;
        try {
          const response = checkRelativesResponse(body);
          setLoad({ state: 'loaded', response });
          setShown(initialShownCount(response.relatedPets.length));
        } catch (error) {
          setLoad({ state: 'failed', error });
        }
      },
      (error) => active && setLoad({ state: 'failed', error }),
    );
    return () => {
      active = false;
      if (timer.current) clearTimeout(timer.current);
    };
  }, [petNum]);

  // A failed call is reported by the widget's error boundary, and the widget renders nothing.
  if (load.state === 'failed') throw load.error;
  if (load.state === 'loading') {
    if (preview) return <Preview preview={preview} />;
    return (
      <p className="relatives__loading" role="status">
        {RELATIVES_LOADING}
      </p>
    );
  }

  const { relatedPets } = load.response;
  const fresh = newHandles(load.response);
  const warning = closeFamilyWarning(relatedPets);
  const showMore = () => {
    if (loadingMore) return;
    setLoadingMore(true);
    timer.current = setTimeout(() => {
      timer.current = null;
      setShown((count) => nextShownCount(count, relatedPets.length));
      setLoadingMore(false);
    }, SHOW_MORE_DELAY_MS);
  };

  if (relatedPets.length === 0) return <p className="relatives__none">{RELATIVES_NONE}</p>;
  return (
    <div className="relatives" data-total={relatedPets.length}>
      {warning && (
        <p className="relatives__warning" role="note">
          {warning}
        </p>
      )}
      <ol className="relatives__list" aria-live="polite">
        {relatedPets.slice(0, shown).map((pet) => (
          <RelativeCard key={pet.handle} card={relativeCardView(pet, fresh.has(pet.handle))} />
        ))}
      </ol>
      {hasMoreRelatives(shown, relatedPets.length) && (
        <button type="button" className="button relatives__more" onClick={showMore} disabled={loadingMore} aria-busy={loadingMore}>
          {loadingMore ? RELATIVES_LOADING_MORE : SHOW_MORE}
        </button>
      )}
    </div>
  );
}
