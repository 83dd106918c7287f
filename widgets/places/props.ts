/** Props of the edit-location and vet-info markers: { petNum, petUuid, mapsApiKey }. */
export interface PlaceWidgetProps {
  petNum: number;
  petUuid: string;
  mapsApiKey: string | null;
}

export function parsePetNum(raw: Record<string, unknown>): number {
  const petNum = raw.petNum;
  if (typeof petNum !== 'number' || !Number.isInteger(petNum) || petNum < 1) throw new Error('petNum must be a positive integer');
  return petNum;
}

export function parsePlaceWidgetProps(raw: Record<string, unknown>): PlaceWidgetProps {
  const petUuid = raw.petUuid;
  if (typeof petUuid !== 'string' || !/^[0-9a-f-]{36}$/i.test(petUuid)) throw new Error('petUuid must be a uuid');
  const key = raw.mapsApiKey;
  if (key !== undefined && key !== null && typeof key !== 'string') throw new Error('mapsApiKey must be a string or null');
  return { petNum: parsePetNum(raw), petUuid, mapsApiKey: key ? key : null };
}
