// Marker: views/members/pet-about.ejs, inside <section id="data-settings">: <div data-widget="data-settings" data-props='{"petNum":1}'>.
import { parsePetNum } from '../places/props';
import type { DataSettingsProps } from './DataSettings';

export { DataSettings as default } from './DataSettings';
export const parseProps = (raw: Record<string, unknown>): DataSettingsProps => ({ petNum: parsePetNum(raw) });
