// Marker: <div data-widget="lab-upload-status" data-props='{"id":12,"status":"queued"}'> on the lab
// page of an upload its job has not finished. It asks for the upload's state every 2 s, updates the
// progress line, and reloads the page once the outcome is there (the server renders it as always).
import { fetchJson, HttpError } from '../shared/fetch-json';
import { isLabUploadFinished, isLabUploadStatus, LAB_UPLOAD_POLL_MS, labUploadStatePath, labUploadStatusText, type LabUploadState, type LabUploadStatus } from '../../server/shared/lab-upload-rules';
import { parseId } from '../../server/shared/id-range';

interface LabUploadStatusProps {
  id: number;
  status: LabUploadStatus;
}

export function parseProps(raw: Record<string, unknown>): LabUploadStatusProps {
  const id = typeof raw.id === 'number' ? parseId(raw.id) : null;
  if (id === null || !isLabUploadStatus(raw.status)) throw new TypeError('lab-upload-status needs an upload id and status');
  return { id, status: raw.status };
}

export function mount(element: HTMLElement, { id }: LabUploadStatusProps): void {
  const view = element.ownerDocument.defaultView!;
  const progress = element.querySelector<HTMLElement>('[data-lab-upload-progress]');
  const poll = async () => {
    try {
      const state = await fetchJson<LabUploadState>(labUploadStatePath(id));
      if (isLabUploadFinished(state.status)) return view.location.reload();
      const text = labUploadStatusText(state.status, state.progress);
      // the line is a live region: only a change is read out
      if (progress && progress.textContent !== text) progress.textContent = text;
    } catch (error) {
      // signed out or the upload gone: nothing more to follow; otherwise the server may be restarting
      if (error instanceof HttpError && error.status >= 400 && error.status < 500) return;
    }
    view.setTimeout(poll, LAB_UPLOAD_POLL_MS);
  };
  view.setTimeout(poll, LAB_UPLOAD_POLL_MS);
}
