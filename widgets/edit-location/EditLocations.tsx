import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { LOCATION_SAVE_FAILED } from '../../server/shared/messages';
import { Modal, modalFormId } from '../shared/Modal';
import { PlaceSearch } from '../places/PlaceSearch';
import { BUSINESS_TYPE_LABELS, BUSINESS_TYPES, hasBusinessType, locationPayload, toLocationInput, type BusinessType } from '../places/payload';
import type { PlaceWidgetProps } from '../places/props';
import { placeService } from '../places/service';
import { Snackbar } from '../places/Snackbar';
import type { PlaceDetails } from '../places/types';
import { fetchPetLocations, PET_LOCATION_TYPES, savePetLocation, type PetLocationType, type SavedLocation } from './api';
import { BUSINESS_TYPE_LEGEND, CHOOSE_A_PLACE, EDIT_LOCATION_TITLE, locationHeading, NO_LOCATION, removeLocationQuestion, SEARCH_LABEL } from './text';
import { ModalFormActions, ModalFormError } from '../places/ModalFormActions';
import { useLoad } from '../shared/use-load';

export interface EditLocationsProps extends PlaceWidgetProps {
  /** After a save: spec 1 §4 reloads the page. */
  reload?: () => void;
  /** Asks before a place is removed. */
  confirm?: (question: string) => boolean;
}

/** The dog's born/from/live locations, each with Edit and Remove (spec 1 §2, §4, §5). */
export function EditLocations({ petNum, petUuid, mapsApiKey, reload = () => window.location.reload(), confirm = (question) => window.confirm(question) }: EditLocationsProps) {
  const load = useLoad(() => fetchPetLocations(petNum), 'Locations', petNum);
  const [editing, setEditing] = useState<PetLocationType | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const service = useMemo(() => placeService(mapsApiKey), [mapsApiKey]);
  const dismiss = useCallback(() => setNotice(null), []);

  const save = async (type: PetLocationType, location: Parameters<typeof savePetLocation>[2]) => {
    setBusy(true);
    try {
      await savePetLocation(petUuid, type, location);
      setEditing(null);
      reload();
    } catch (error) {
      console.error('Saving the location failed', error);
      setNotice(LOCATION_SAVE_FAILED);
    } finally {
      setBusy(false);
    }
  };

  if (load.state === 'loading') return <p className="locations__loading">Loading locations…</p>;
  if (load.state === 'failed') return <p className="locations__error">{LOCATION_SAVE_FAILED}</p>;
  const { name, isEditable, locations } = load.data;
  // Inside the open modal (the top layer) so it is not hidden behind the backdrop.
  const snackbar = <Snackbar message={notice} onDismiss={dismiss} />;

  return (
    <section className="locations" aria-label={`${name}'s locations`}>
      <h2 className="locations__title">Locations</h2>
      <dl className="locations__list">
        {PET_LOCATION_TYPES.map((type) => {
          const saved = locations[type];
          return (
            <div key={type} className="locations__item" data-location-type={type}>
              <dt className="locations__heading">{locationHeading(type, name)}</dt>
              <dd className="locations__value">
                <span className="locations__address" data-location-address>
                  {addressText(saved) ?? NO_LOCATION}
                </span>
                {saved?.businessType && <span className="locations__business"> ({BUSINESS_TYPE_LABELS[saved.businessType as BusinessType] ?? saved.businessType})</span>}
                {isEditable && (
                  <span className="locations__actions">
                    <button type="button" className="button button--secondary button--small" aria-haspopup="dialog" aria-label={`Edit: ${locationHeading(type, name)}`} onClick={() => setEditing(type)}>
                      Edit
                    </button>
                    {saved && (
                      <button type="button" className="button button--small locations__remove" aria-label={`Remove: ${locationHeading(type, name)}`} disabled={busy} onClick={() => confirm(removeLocationQuestion(type, name, addressText(saved) ?? NO_LOCATION)) && void save(type, null)}>
                        Remove
                      </button>
                    )}
                  </span>
                )}
              </dd>
            </div>
          );
        })}
      </dl>
      {editing && (
        <EditLocationModal
          type={editing}
          dogName={name}
          saved={locations[editing]}
          service={service}
          busy={busy}
          onClose={() => setEditing(null)}
          onSave={(location) => void save(editing, location)}
        >
          {snackbar}
        </EditLocationModal>
      )}
      {!editing && snackbar}
    </section>
  );
}

const addressText = (location: SavedLocation | null) => location?.formattedAddress ?? location?.addressInput ?? null;

interface EditLocationModalProps {
  type: PetLocationType;
  dogName: string;
  saved: SavedLocation | null;
  service: ReturnType<typeof placeService>;
  busy: boolean;
  onClose: () => void;
  onSave: (location: ReturnType<typeof toLocationInput>) => void;
  children?: ReactNode;
}

/** The edit-location modal: place search, and the business type for 'born' and 'from'. */
function EditLocationModal({ type, dogName, saved, service, busy, onClose, onSave, children }: EditLocationModalProps) {
  const [chosen, setChosen] = useState<{ details: PlaceDetails; typed: string } | null>(null);
  const [loadingDetails, setLoadingDetails] = useState(false);
  const [businessType, setBusinessType] = useState<string>(saved?.businessType ?? '');
  const [error, setError] = useState<string | null>(null);
  /** The search text was changed since the modal opened (the saved place no longer stands). */
  const [touched, setTouched] = useState(false);
  const clear = useCallback(() => {
    setChosen(null);
    setTouched(true);
  }, []);

  const submit = async () => {
    let place = chosen;
    if (!place && !touched && saved?.placeId) {
      // Only the business type changed: the saved place's details are fetched again (spec 1 §5).
      setLoadingDetails(true);
      try {
        place = { details: await service.details(saved.placeId), typed: saved.addressInput ?? '' };
      } catch (failure) {
        console.error('Place details failed', failure);
      } finally {
        setLoadingDetails(false);
      }
    }
    if (!place) {
      setError(CHOOSE_A_PLACE);
      return;
    }
    onSave(toLocationInput(locationPayload(type, place.details, { addressInput: place.typed, businessType })));
  };

  const id = `edit-location-${type}`;
  return (
    <Modal
      id={id}
      title={`${EDIT_LOCATION_TITLE}: ${locationHeading(type, dogName)}`}
      onClose={onClose}
      footer={<ModalFormActions formId={modalFormId(id)} busy={busy || loadingDetails} onCancel={onClose} />}
    >
      <form
        id={modalFormId(id)}
        className="edit-location"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <PlaceSearch
          label={SEARCH_LABEL}
          service={service}
          initialText={addressText(saved) ?? ''}
          onSelect={(details, typed) => {
            setChosen({ details, typed });
            setError(null);
          }}
          onClear={clear}
          onBusyChange={setLoadingDetails}
        />
        {hasBusinessType(type) && (
          <fieldset className="edit-location__business">
            <legend>{BUSINESS_TYPE_LEGEND}</legend>
            {BUSINESS_TYPES.map((value) => (
              <label key={value} className="edit-location__choice">
                <input type="radio" name={`business-type-${type}`} value={value} checked={businessType === value} onChange={() => setBusinessType(value)} /> {BUSINESS_TYPE_LABELS[value]}
              </label>
            ))}
          </fieldset>
        )}
        <ModalFormError error={error} />
      </form>
      {children}
    </Modal>
  );
}
