import type { Db } from '../db/index.js';
import type { MarkerPanel } from '../genetics/panel.js';
import type { ReferencePanel } from '../genetics/compute/reference-panel.js';
import { createRelativeIndex, type RelativeIndex } from '../genetics/compute/relative-screen.js';
import { simulatedWorld } from '../genetics/simulate/reference.js';
import { loadCatalogueIds, type CatalogueIds } from './catalogue-ids.js';
import { panelChecksum, storePanel } from './panel-store.js';
import { forgetArrayPanels } from './array-panel.js';
import { forgetLoadedPanels } from './panel-load.js';

import type { LabOptions } from './options.js';

/** What the lab works with: the marker panel, the reference breeds, catalogue ids, the relatives index. */
export interface Lab {
  options: LabOptions;
  panel: MarkerPanel;
  panelId: number;
  reference: ReferencePanel;
  ids: CatalogueIds;
  /** Current genotypes already packed for the relatives screen (ids are genotype ids). */
  relativeIndex: RelativeIndex;
  indexedUpToGenotypeId: number;
}

const labs = new WeakMap<Db, Promise<Lab>>();

/** One lab per database and process; the reference is rebuilt from the seed, not stored. */
export async function openLab(db: Db, options: LabOptions): Promise<Lab> {
  const existing = labs.get(db);
  if (existing) {
    const open = await existing;
    if (open.options.seed !== options.seed || open.options.panelSize !== options.panelSize) throw new Error('This database already has a lab with other options');
    return open;
  }
  const lab = (async (): Promise<Lab> => {
    const world = simulatedWorld({ seed: options.seed, snpCount: options.panelSize });
    const ids = await loadCatalogueIds(db);
    // The checksum in the name: a release that changes the panel (new markers) stores it beside the old one.
    const name = `simulated-${options.panelSize}-seed-${options.seed}-${panelChecksum(world.panel).slice(0, 12)}`;
    const panelId = await storePanel(db, ids, world.panel, name);
    return { options, panel: world.panel, panelId, reference: world.reference, ids, relativeIndex: createRelativeIndex(world.panel, 1024), indexedUpToGenotypeId: 0 };
  })();
  labs.set(db, lab);
  lab.catch(() => labs.delete(db));
  return lab;
}

/** Drops the process's lab and cached panels for a database whose contents were replaced (tests reset theirs, and panel ids start again). */
export function forgetLab(db: Db): void {
  labs.delete(db);
  forgetArrayPanels();
  forgetLoadedPanels();
}
