import { MatchmakerTable, type MatchmakerProps } from './table';

export function parseProps(raw: Record<string, unknown>): MatchmakerProps {
  if (typeof raw.petNum !== 'number') throw new Error('matchmaker needs the petNum of the chosen dog');
  return {
    petNum: raw.petNum,
    pageLength: typeof raw.pageLength === 'number' ? raw.pageLength : 10,
    pageLengths: Array.isArray(raw.pageLengths) ? (raw.pageLengths as number[]) : [5, 10, 25, 50, 100, -1],
    pageLengthLabels: Array.isArray(raw.pageLengthLabels) ? (raw.pageLengthLabels as string[]) : ['5', '10', '25', '50', '100', 'All'],
  };
}

export function mount(element: HTMLElement, props: MatchmakerProps): void {
  new MatchmakerTable(element, props).start();
}
