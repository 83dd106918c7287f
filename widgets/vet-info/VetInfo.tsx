import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Modal, modalFormId } from '../shared/Modal';
import { PlaceSearch } from '../places/PlaceSearch';
import { locationPayload, toLocationInput } from '../places/payload';
import type { PlaceWidgetProps } from '../places/props';
import { placeService } from '../places/service';
import { Snackbar } from '../places/Snackbar';
import type { PlaceDetails } from '../places/types';
import { fetchVetInfo, updateVetPracticeDetails, type VetInfo as VetInfoData } from './api';
import { CHOOSE_A_PLACE } from '../edit-location/text';
import { MAY_CONTACT_VET, NO_PRACTICE, RESET_QUESTION, RESET_TITLE, VET_INFO_TITLE, VET_SEARCH_LABEL, vetUpdateErrorText } from './text';
import { ModalFormActions, ModalFormError } from '../places/ModalFormActions';
import { useLoad } from '../shared/use-load';

export interface VetInfoProps extends PlaceWidgetProps {
  reload?: () => void;
}

/** The veterinary information card, its modal and its reset (spec 1 §2; spec 2 §5, §8). */
export function VetInfo({ petNum, petUuid, mapsApiKey, reload = () => window.location.reload() }: VetInfoProps) {
  const load = useLoad(() => fetchVetInfo(petNum), 'Vet information', petNum);
  const [open, setOpen] = useState<'edit' | 'reset' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const service = useMemo(() => placeService(mapsApiKey, 'veterinary_care'), [mapsApiKey]);
  const dismiss = useCallback(() => setNotice(null), []);

  const save = async (practice: ReturnType<typeof toLocationInput> | null, mayContactVet: boolean) => {
    setBusy(true);
    try {
      await updateVetPracticeDetails(petUuid, practice, mayContactVet);
      setOpen(null);
      reload();
    } catch (error) {
      console.error('Updating the vet information failed', error);
      setNotice(vetUpdateErrorText(error));
    } finally {
      setBusy(false);
    }
  };

  if (load.state === 'loading') return <p>Loading veterinary information…</p>;
  if (load.state === 'failed') return <p className="form-error">{vetUpdateErrorText(null)}</p>;
  const { name, isEditable, practice, embarkMayContactVet } = load.data;
  // Inside the open modal (the top layer) so it is not hidden behind the backdrop.
  const snackbar = <Snackbar message={notice} onDismiss={dismiss} />;

  return (
    <section className="vet-info" aria-label={VET_INFO_TITLE}>
      <h2 className="vet-info__title">{VET_INFO_TITLE}</h2>
      <dl className="vet-info__facts">
        <dt>Veterinary practice</dt>
        <dd data-vet-practice>{practice ? [practice.name, practice.formattedAddress].filter(Boolean).join(', ') : NO_PRACTICE}</dd>
        {practice && (
          <>
            <dt>{MAY_CONTACT_VET.replace('{name}', () => name)}</dt>
            <dd data-may-contact-vet>{embarkMayContactVet ? 'Yes' : 'No'}</dd>
          </>
        )}
      </dl>
      {isEditable && (
        <p className="vet-info__actions">
          <button type="button" className="button button--secondary button--small" aria-haspopup="dialog" onClick={() => setOpen('edit')}>
            Edit veterinary information
          </button>
          {practice && (
            <button type="button" className="button button--small" aria-haspopup="dialog" onClick={() => setOpen('reset')}>
              {RESET_TITLE}
            </button>
          )}
        </p>
      )}
      {open === 'edit' && (
        <VetInfoModal data={load.data} service={service} busy={busy} onClose={() => setOpen(null)} onSave={(location, may) => void save(location, may)}>
          {snackbar}
        </VetInfoModal>
      )}
      {open === 'reset' && (
        <Modal
          id="vet-info-reset"
          title={RESET_TITLE}
          size="narrow"
          onClose={() => setOpen(null)}
          footer={
            <>
              <button type="button" className="button button--outline" onClick={() => setOpen(null)}>
                Cancel
              </button>
              <button type="button" className="button" disabled={busy} onClick={() => void save(null, false)}>
                Reset
              </button>
            </>
          }
        >
          <p>{RESET_QUESTION.replace('{name}', () => name)}</p>
          {snackbar}
        </Modal>
      )}
      {!open && snackbar}
    </section>
  );
}

interface VetInfoModalProps {
  data: VetInfoData;
  service: ReturnType<typeof placeService>;
  busy: boolean;
  onClose: () => void;
  onSave: (practice: ReturnType<typeof toLocationInput> | null, mayContactVet: boolean) => void;
  children?: ReactNode;
}

/** The veterinary information modal: practice search and the 'may we contact your vet' checkbox. */
function VetInfoModal({ data, service, busy, onClose, onSave, children }: VetInfoModalProps) {
  const saved = data.practice;
  const [chosen, setChosen] = useState<{ details: PlaceDetails; typed: string } | null>(null);
  const [touched, setTouched] = useState(false);
  const [text, setText] = useState<string>('');
  const [loadingDetails, setLoadingDetails] = useState(false);
  const [mayContact, setMayContact] = useState(data.embarkMayContactVet ?? false);
  const [error, setError] = useState<string | null>(null);
  const clear = useCallback((typed: string) => {
    setChosen(null);
    setTouched(true);
    setText(typed);
  }, []);
  const savedText = saved ? [saved.name, saved.formattedAddress].filter(Boolean).join(', ') : '';

  const submit = async () => {
    let place = chosen;
    if (!place && !touched && saved?.placeId) {
      setLoadingDetails(true);
      try {
        place = { details: await service.details(saved.placeId), typed: saved.addressInput ?? '' };
      } catch (failure) {
        console.error('Place details failed', failure);
        setError(vetUpdateErrorText(failure));
        return;
      } finally {
        setLoadingDetails(false);
      }
    }
    if (!place && (text.trim() !== '' || (!touched && saved))) {
      setError(CHOOSE_A_PLACE);
      return;
    }
    // The search box emptied: no practice, so the vet information is cleared (embarkMayContactVet null).
    onSave(place ? toLocationInput(locationPayload('practice', place.details, { addressInput: place.typed })) : null, mayContact);
  };

  return (
    <Modal
      id="vet-info"
      title={VET_INFO_TITLE}
      onClose={onClose}
      footer={<ModalFormActions formId={modalFormId('vet-info')} busy={busy || loadingDetails} onCancel={onClose} />}
    >
      <form
        id={modalFormId('vet-info')}
        className="edit-location"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <PlaceSearch
          label={VET_SEARCH_LABEL}
          service={service}
          initialText={savedText}
          onSelect={(details, typed) => {
            setChosen({ details, typed });
            setError(null);
          }}
          onClear={clear}
          onBusyChange={setLoadingDetails}
        />
        <label className="vet-info__may-contact">
          <input type="checkbox" name="embarkMayContactVet" checked={mayContact} onChange={(event) => setMayContact(event.target.checked)} /> {MAY_CONTACT_VET.replace('{name}', () => data.name)}
        </label>
        <ModalFormError error={error} />
      </form>
      {children}
    </Modal>
  );
}
