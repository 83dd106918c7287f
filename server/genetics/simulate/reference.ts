import { populationName } from '../compute/breed-mix.js';
import type { ReferencePanel } from '../compute/reference-panel.js';
import { buildSimulatedPanel, type MarkerPanel } from '../panel.js';
import { PopulationSimulator, referencePopulationSlugs } from './simulator.js';

/**
 * The lab's reference panel for a simulated world: every reference breed and the wolves, with the
 * allele frequencies of their breeding stock. Nothing is stored: the same seed gives the same panel.
 */
export function buildSimulatedReferencePanel(simulator: PopulationSimulator, slugs: readonly string[] = referencePopulationSlugs()): ReferencePanel {
  return {
    panel: simulator.panel,
    populations: slugs.map((slug) => ({ slug, name: populationName(slug) })),
    frequencies: slugs.map((slug) => simulator.referenceFrequencies(slug)),
  };
}

export interface SimulatedWorld {
  panel: MarkerPanel;
  simulator: PopulationSimulator;
  reference: ReferencePanel;
}

const worlds = new Map<string, SimulatedWorld>();

/** Panel, simulator and reference panel for a seed, built once per process and cached (the app's start-up path). */
/** Every world built so far starts its matings over (see PopulationSimulator.restartMatings). */
export function restartWorldMatings(): void {
  for (const world of worlds.values()) world.simulator.restartMatings();
}

export function simulatedWorld(options: { seed: number; snpCount?: number; panelSeed?: number }): SimulatedWorld {
  const key = `${options.seed}:${options.snpCount ?? ''}:${options.panelSeed ?? ''}`;
  let world = worlds.get(key);
  if (!world) {
    const panel = buildSimulatedPanel({ snpCount: options.snpCount, seed: options.panelSeed });
    const simulator = new PopulationSimulator({ panel, seed: options.seed });
    world = { panel, simulator, reference: buildSimulatedReferencePanel(simulator) };
    worlds.set(key, world);
  }
  return world;
}
