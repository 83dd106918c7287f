// The props of the about-pet and pet-settings markers, checked when the widget mounts.
export interface AboutPetProps {
  petNum: number;
  /** The server shows a read-only viewer (a sub-admin impersonating) the form with every control disabled. */
  readOnly: boolean;
}

export interface PetSettingsProps {
  petNum: number;
  petUuid: string;
  isBreeder: boolean;
  readOnly: boolean;
}

function petNumOf(raw: Record<string, unknown>, widget: string): number {
  const { petNum } = raw;
  if (typeof petNum !== 'number' || !Number.isInteger(petNum) || petNum < 1) throw new TypeError(`${widget} needs a petNum`);
  return petNum;
}

function readOnlyOf(raw: Record<string, unknown>, widget: string): boolean {
  const { readOnly = false } = raw;
  if (typeof readOnly !== 'boolean') throw new TypeError(`${widget} readOnly must be true or false`);
  return readOnly;
}

export function parseAboutPetProps(raw: Record<string, unknown>): AboutPetProps {
  return { petNum: petNumOf(raw, 'about-pet'), readOnly: readOnlyOf(raw, 'about-pet') };
}

export function parsePetSettingsProps(raw: Record<string, unknown>): PetSettingsProps {
  const { petUuid, isBreeder = false } = raw;
  if (typeof petUuid !== 'string' || petUuid === '') throw new TypeError('pet-settings needs a petUuid');
  if (typeof isBreeder !== 'boolean') throw new TypeError('pet-settings isBreeder must be true or false');
  return { petNum: petNumOf(raw, 'pet-settings'), petUuid, isBreeder, readOnly: readOnlyOf(raw, 'pet-settings') };
}
