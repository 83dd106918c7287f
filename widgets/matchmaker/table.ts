// The matchmaker table (spec 2 §5, §7, §9): jQuery DataTables in server-side mode. Every draw posts
// the DataTables parameters, the chosen dog and the filter form's values to matchmaker-data.
import $ from 'jquery';
import DataTable, { type Api, type ConfigColumns } from 'datatables.net';
import { csrfToken, CSRF_HEADER } from '../shared/csrf';
import { MATCHMAKER_AGE_RANGE_REVERSED } from '../../server/shared/breeders-messages';
import { MATCHMAKER_COLUMNS, MATCHMAKER_SORT_OPTIONS, sortColumnIndex, sortOptionValue, type MatchmakerSort } from '../../server/shared/matchmaker-rules';
import type { MatchmakerRow } from '../../server/shared/matchmaker-types';

export interface MatchmakerProps {
  petNum: number;
  pageLength: number;
  pageLengths: number[];
  pageLengthLabels: string[];
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const FILTER_FIELDS = ['maxDistanceMiles', 'maxOffspringCoi', 'minAgeYears', 'maxAgeYears', 'title', 'breed', 'includeWolves'] as const;

function render(key: string) {
  return (data: unknown, type: string, row: MatchmakerRow): string => {
    if (type !== 'display') return data === null || data === undefined ? '' : String(data);
    switch (key) {
      case 'name':
        return `<a href="${escapeHtml(row.profileHref)}">${escapeHtml(row.name)}</a>`;
      case 'ageYears':
        return row.ageYears === null ? '—' : String(row.ageYears);
      case 'distanceMiles':
        return row.distanceMiles === null ? '—' : `${row.distanceMiles} mi`;
      case 'offspringCoi':
        return escapeHtml(row.offspringCoiText);
      case 'links':
        return `<span class="matchmaker-links"><a href="${escapeHtml(row.pairHref)}" data-pair-link>Pair prediction</a><a href="${escapeHtml(row.profileHref)}">Profile</a></span>`;
      default:
        return escapeHtml(String(data ?? ''));
    }
  };
}

export class MatchmakerTable {
  private table: Api<MatchmakerRow> | null = null;
  private readonly form: HTMLFormElement | null;

  constructor(
    private readonly element: HTMLElement,
    private readonly props: MatchmakerProps,
  ) {
    this.form = document.querySelector<HTMLFormElement>('form[data-matchmaker-filters]');
  }

  private filters(): Record<string, string> {
    const out: Record<string, string> = {};
    if (!this.form) return out;
    const data = new FormData(this.form);
    for (const name of FILTER_FIELDS) out[name] = String(data.get(name) ?? '');
    return out;
  }

  /** 'Age from' above 'Age to' stops the form with the server's own words, before any request. */
  private checkAgeRange(): void {
    const from = this.form?.querySelector<HTMLInputElement>('[data-age-from]');
    const to = this.form?.querySelector<HTMLInputElement>('[data-age-to]');
    if (!from || !to) return;
    const check = () => {
      const reversed = from.value !== '' && to.value !== '' && Number(from.value) > Number(to.value);
      to.setCustomValidity(reversed ? MATCHMAKER_AGE_RANGE_REVERSED : '');
    };
    from.addEventListener('input', check);
    to.addEventListener('input', check);
    check();
  }

  start(): void {
    const tableElement = this.element.querySelector<HTMLTableElement>('table[data-matchmaker-table]')!;
    $(tableElement).find('tbody').empty();
    this.element.querySelector('[data-matchmaker-paging]')?.remove();
    this.element.querySelector('[data-matchmaker-summary]')?.remove();
    // each cell named by its column, for the stacked rows on a phone (breeders.css); the name and the links need none
    const labelled = (title: string, key: string) => (cell: Node, data: unknown) => {
      if (key === 'name' || key === 'links') return;
      const td = cell as HTMLElement;
      if (data === '' || data === null || data === undefined) td.classList.add('is-empty');
      else td.setAttribute('data-label', title);
    };
    // "Sort by" (the way to sort on a phone, where the header is hidden) and the header's order stay in step
    const sortSelect = this.element.querySelector<HTMLSelectElement>('select[data-matchmaker-sort]');
    this.element.querySelector('[data-matchmaker-sort-apply]')?.remove();
    const chosenSort = MATCHMAKER_SORT_OPTIONS.find((option) => option.value === sortSelect?.value) ?? MATCHMAKER_SORT_OPTIONS[0];
    const columns: ConfigColumns[] = MATCHMAKER_COLUMNS.map((column) => ({ data: column.data === 'links' ? null : column.data, orderable: column.sort !== null, render: render(column.data), createdCell: labelled(column.title, column.data), className: column.data === 'links' ? 'matchmaker-plan' : '' }));
    this.table = new DataTable<MatchmakerRow>(tableElement, {
      serverSide: true,
      processing: true,
      columns,
      order: [[sortColumnIndex(chosenSort.sort), chosenSort.descending ? 'desc' : 'asc']],
      pageLength: this.props.pageLength,
      lengthMenu: [this.props.pageLengths, this.props.pageLengthLabels],
      autoWidth: false,
      searchDelay: 400,
      language: { processing: 'Working out offspring COIs…', emptyTable: 'No candidates match these filters.', zeroRecords: 'No candidates match these filters.', search: 'Search names and breeds:' },
      ajax: {
        url: '/members/breeder-tools/matchmaker-data',
        type: 'POST',
        contentType: 'application/json',
        headers: { [CSRF_HEADER]: csrfToken(), accept: 'application/json' },
        data: (parameters: object) => JSON.stringify({ ...parameters, petNum: this.props.petNum, filters: this.filters() }),
      },
    } as never);
    sortSelect?.addEventListener('change', () => {
      const option = MATCHMAKER_SORT_OPTIONS.find((o) => o.value === sortSelect.value);
      if (option) this.table!.order([sortColumnIndex(option.sort), option.descending ? 'desc' : 'asc']).draw();
    });
    this.table.on('order', () => {
      const [first] = this.table!.order() as unknown as [number, string][];
      const sort = first ? MATCHMAKER_COLUMNS[first[0]]?.sort : null;
      if (sortSelect && sort) sortSelect.value = sortOptionValue(sort as MatchmakerSort, first[1] === 'desc');
    });
    this.table.on('draw', () => this.element.setAttribute('data-matchmaker-draws', String(Number(this.element.getAttribute('data-matchmaker-draws') ?? '0') + 1)));
    this.checkAgeRange();
    this.form?.addEventListener('submit', (event) => {
      const chosen = new FormData(this.form!).get('i');
      if (chosen !== String(this.props.petNum)) return; // another dog: load its page
      event.preventDefault();
      const query = new URLSearchParams({ i: String(this.props.petNum), ...this.filters(), sort: sortSelect && sortSelect.value !== MATCHMAKER_SORT_OPTIONS[0].value ? sortSelect.value : '' });
      for (const [key, value] of [...query]) if (value === '') query.delete(key);
      history.replaceState(null, '', `?${query}`);
      this.table!.ajax.reload();
    });
    this.element.setAttribute('data-matchmaker-ready', '');
  }
}
