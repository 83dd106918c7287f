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
import { RelatednessGauge } from './RelatednessGauge';
import {
  avatarInitial,
  chatHref,
  checkRelativesResponse,
  closeFamilyWarning,
  dogProfileHref,
  hasMoreRelatives,
  initialShownCount,
  newHandles,
  nextShownCount,
  publicImageSrc,
  relatednessText,
  relativesUrl,
  sharedDnaPercent,
  SHOW_MORE_DELAY_MS,
  topBreedText,
  type RelativePet,
  type RelativesResponse,
  type RelativesWidgetProps,
} from './rules';

type Load = { state: 'loading' } | { state: 'failed'; error: unknown } | { state: 'loaded'; response: RelativesResponse };

function RelativeCard({ pet, isNew }: { pet: RelativePet; isNew: boolean }) {
  const category = pet.relatednessCategory;
  const breed = topBreedText(pet);
  return (
    <li className="relative-card" data-handle={pet.handle}>
      <RelatednessGauge percent={sharedDnaPercent(pet.displayRelatedness)} color={category.color} label={relatednessText(pet.displayRelatedness)} />
      <a className="relative-card__picture" href={dogProfileHref(pet.handle)} tabIndex={-1} aria-hidden="true">
        {pet.hasPublicImage ? <img src={publicImageSrc(pet.handle)} alt="" loading="lazy" width={56} height={56} /> : <span className="relative-card__initial">{avatarInitial(pet.displayName)}</span>}
      </a>
      <div className="relative-card__body">
        <p className="relative-card__name">
          <a href={dogProfileHref(pet.handle)}>{pet.displayName}</a>
          {isNew && <span className="relative-card__new">{RELATIVES_NEW}</span>}
        </p>
        {pet.breedDisplayName && <p className="relative-card__breed">{pet.breedDisplayName}</p>}
        {breed && breed !== pet.breedDisplayName && <p className="relative-card__top-breed">{breed}</p>}
        <p className="relative-card__relatedness">
          <span className="relative-card__category" style={{ borderColor: category.color }} title={category.explanation}>
            {category.label}
          </span>{' '}
          {relatednessText(pet.displayRelatedness)}
        </p>
        <p className="relative-card__explanation">{category.explanation}</p>
      </div>
      <a className="button button--secondary relative-card__chat" href={chatHref(pet.handle)}>
        {RELATIVES_CHAT}
      </a>
    </li>
  );
}

/** The relatives list (spec 2 §4): 5 at a time, closest first, with the close-family warning. */
export function Relatives({ petNum }: RelativesWidgetProps) {
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
          <RelativeCard key={pet.handle} pet={pet} isNew={fresh.has(pet.handle)} />
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
