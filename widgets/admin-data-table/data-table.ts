// The admin data table (spec 1 §5, §8, §9): jQuery + DataTables with the Buttons extension. The
// search runs on Enter with a non-empty trimmed value and asks the page's own route for JSON.
import $ from 'jquery';
import DataTable, { type Api, type ConfigColumns } from 'datatables.net';
import 'datatables.net-buttons';
import 'datatables.net-buttons/js/buttons.html5.mjs';
import 'datatables.net-buttons/js/buttons.print.mjs';
import { csrfToken } from '../shared/csrf';
import { ADMIN_EXPORT_BUTTONS, ADMIN_PAGE_LENGTH_LABELS, ADMIN_PAGE_LENGTHS, csvCellAsText, type AdminTableName } from '../../server/shared/admin-search-rules';
import { ADMIN_TABLE_DEFINITIONS, adminExportFileName, cellHref, matchmakerToggle, matchmakerFocusTarget, type AdminColumn } from '../../server/shared/admin-table-columns';
import type { AdminRow, AdminSearchResult } from '../../server/shared/admin-table-types';
import { ADMIN_LIMIT_HIT, ADMIN_NO_RESULTS, ADMIN_SEARCH_EMPTY, ADMIN_SEARCH_FAILED, ADMIN_SEARCH_FIRST, MISSING_TABLE_ELEMENT } from '../../server/shared/admin-messages';

type ButtonAction = (this: unknown, e: unknown, dt: unknown, node: unknown, config: unknown, done: () => void) => void;
const buttonTypes = DataTable.ext.buttons as unknown as Record<string, { action: ButtonAction }>;

/**
 * An export button of the table. The Excel one builds its .xlsx with JSZip, loaded (a third of the
 * table's code) only when someone asks for an Excel file; Buttons would hide the button without it.
 * Files are named after the table: Buttons' default, the page title less its '|', reads 'Pets  Embark'.
 */
function exportButton(extend: (typeof ADMIN_EXPORT_BUTTONS)[number], filename: string) {
  const button = { extend, filename, exportOptions: { columns: ':not(.no-export)' } };
  if (extend === 'csv') {
    // options given here replace Buttons' own, its partial formula escaping included
    const asText = (data: { body: string[][] }) => data.body.forEach((row) => row.forEach((cell, i) => (row[i] = csvCellAsText(String(cell)))));
    return { ...button, exportOptions: { ...button.exportOptions, customizeData: asText } };
  }
  if (extend !== 'excel') return button;
  return {
    ...button,
    extend: 'excelHtml5',
    available: () => window.FileReader !== undefined,
    action(this: unknown, e: unknown, dt: unknown, node: unknown, config: unknown, done: () => void) {
      void import('jszip').then(({ default: JSZip }) => {
        (DataTable as unknown as { Buttons: { jszip(zip: unknown): void } }).Buttons.jszip(JSZip);
        buttonTypes.excelHtml5.action.call(this, e, dt, node, config, done);
      }, done);
    },
  };
}

export interface AdminDataTableProps {
  table: AdminTableName;
  searchParam: string;
  result: AdminSearchResult | null;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function cellRenderer(column: AdminColumn) {
  return (data: unknown, type: string, row: AdminRow): string => {
    if (data === null || data === undefined) return '';
    const text = String(data);
    if (type !== 'display') return text;
    const href = column.link ? cellHref(column.link, row) : null;
    return href ? `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>` : escapeHtml(text);
  };
}

function impersonateButton(_data: unknown, type: string, row: AdminRow): string {
  if (type !== 'display' || typeof row.impersonateEmail !== 'string') return '';
  return `<form method="post" action="/cs/impersonate"><input type="hidden" name="_csrf" value="${escapeHtml(csrfToken())}"><input type="hidden" name="email" value="${escapeHtml(row.impersonateEmail)}"><button type="submit" class="button button--small button--outline">Impersonate</button></form>`;
}

/** The Matchmaker cell; the form sends the search shown, so the page comes back to it. */
function matchmakerButton(currentSearch: () => string) {
  return (_data: unknown, type: string, row: AdminRow): string => {
    if (type !== 'display') return row.showMatchMaker ? 'On' : 'Off';
    const toggle = matchmakerToggle(row);
    return `<form method="post" action="${escapeHtml(toggle.action)}" class="admin-matchmaker"><input type="hidden" name="_csrf" value="${escapeHtml(csrfToken())}"><input type="hidden" name="showMatchMaker" value="${toggle.value}"><input type="hidden" name="searchParam" value="${escapeHtml(currentSearch())}"><span>${toggle.state}</span> <button type="submit" class="button button--small button--outline" aria-label="${escapeHtml(toggle.label)}">${toggle.button}</button></form>`;
  };
}

function columnsOf(table: AdminTableName, currentSearch: () => string): ConfigColumns[] {
  const definition = ADMIN_TABLE_DEFINITIONS[table];
  const columns: ConfigColumns[] = definition.columns.map((column) => ({ data: column.key, title: column.title, defaultContent: '', render: cellRenderer(column) }));
  if (definition.matchmakerPermission) columns.push({ data: null, title: 'Matchmaker', orderable: false, className: 'no-export', render: matchmakerButton(currentSearch) });
  if (definition.impersonate) columns.push({ data: null, title: 'Impersonate', orderable: false, className: 'no-export', render: impersonateButton });
  return columns;
}

export class AdminDataTable {
  private table: Api<AdminRow> | null = null;
  private searches = 0;
  /** The search whose rows the table shows. */
  private shownSearch: string;
  private readonly tableElement: HTMLTableElement;
  private readonly input: HTMLInputElement;
  private readonly problem: HTMLElement;
  private readonly limitHit: HTMLElement;
  private readonly empty: HTMLElement;

  constructor(
    private readonly element: HTMLElement,
    private readonly props: AdminDataTableProps,
  ) {
    const tableElement = element.querySelector<HTMLTableElement>('table[data-admin-rows]');
    if (!tableElement) {
      window.alert(MISSING_TABLE_ELEMENT);
      throw new Error(MISSING_TABLE_ELEMENT);
    }
    this.tableElement = tableElement;
    this.input = element.querySelector<HTMLInputElement>('[data-admin-search] input[name="searchParam"]')!;
    this.problem = element.querySelector<HTMLElement>('[data-admin-problem]')!;
    this.limitHit = element.querySelector<HTMLElement>('[data-admin-limit-hit]')!;
    this.empty = element.querySelector<HTMLElement>('[data-admin-empty]')!;
    this.limitHit.textContent = ADMIN_LIMIT_HIT;
    this.shownSearch = props.result ? props.searchParam.trim() : '';
  }

  start(): void {
    $(this.tableElement).find('tbody').empty();
    this.table = new DataTable<AdminRow>(this.tableElement, {
      data: this.props.result?.rows ?? [],
      columns: columnsOf(this.props.table, () => this.shownSearch),
      lengthMenu: [[...ADMIN_PAGE_LENGTHS], [...ADMIN_PAGE_LENGTH_LABELS]],
      pageLength: 10,
      autoWidth: false,
      // The search box above asks the server; DataTables' own filter box would only filter the page's 500.
      layout: { topStart: 'pageLength', topEnd: { buttons: ADMIN_EXPORT_BUTTONS.map((extend) => exportButton(extend, adminExportFileName(this.props.table))) } },
    } as never);
    // The table's empty row says what there is to say ('Search to see rows.', 'Nothing found.'):
    // the page's own line, for browsers without scripts, would say it a second time.
    this.empty.hidden = true;
    this.showResult(this.props.result);
    const toggled = matchmakerFocusTarget(location.hash);
    if (toggled !== null) this.focusMatchmakerOf(toggled);
    this.element.querySelector('[data-admin-search]')!.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.search(this.input.value);
    });
    this.element.setAttribute('data-admin-ready', '');
  }

  /** spec 1 §5: a non-empty trimmed value, run on Enter; answers that arrive after a newer search are dropped. */
  async search(value: string): Promise<void> {
    const searchParam = value.trim();
    if (searchParam === '') {
      this.problem.textContent = ADMIN_SEARCH_EMPTY;
      return;
    }
    const search = ++this.searches;
    this.problem.textContent = '';
    this.element.setAttribute('aria-busy', 'true');
    try {
      const response = await fetch(`/admin/data-table/${this.props.table}?searchParam=${encodeURIComponent(searchParam)}`, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
      const body = (await response.json().catch(() => null)) as (AdminSearchResult & { error?: string }) | null;
      if (search !== this.searches) return;
      if (!response.ok || !body || !Array.isArray(body.rows)) {
        this.problem.textContent = body?.error ?? ADMIN_SEARCH_FAILED;
        return;
      }
      history.replaceState(null, '', `?searchParam=${encodeURIComponent(searchParam)}`);
      this.shownSearch = searchParam;
      this.showResult(body);
    } catch {
      if (search === this.searches) this.problem.textContent = ADMIN_SEARCH_FAILED;
    } finally {
      if (search === this.searches) this.element.removeAttribute('aria-busy');
    }
  }

  private showResult(result: AdminSearchResult | null): void {
    const table = this.table!;
    table.clear();
    if (result) table.rows.add(result.rows);
    // DataTables reads its empty-table text from its settings at each draw; there is no setter.
    (table.settings()[0] as { oLanguage: { sEmptyTable: string } }).oLanguage.sEmptyTable = result ? ADMIN_NO_RESULTS : ADMIN_SEARCH_FIRST;
    table.draw();
    this.limitHit.hidden = !result?.limitHit;
    this.element.setAttribute('data-admin-row-count', String(result?.rows.length ?? 0));
  }

  /**
   * Back from turning an account's matchmaker over: its page of the table, focus on its button.
   * (No element has the fragment's name as its id: Chrome would move the focus off the button
   * when it applies a fragment whose element cannot take focus.)
   */
  private focusMatchmakerOf(userId: number): void {
    const table = this.table!;
    const shown = table.rows({ order: 'current', search: 'applied' });
    const position = (shown.data().toArray() as AdminRow[]).findIndex((row) => row.userId === userId);
    if (position < 0) return;
    const length = table.page.len();
    if (length > 0) table.page(Math.floor(position / length)).draw(false);
    const row = table.row(shown.indexes().toArray()[position] as number).node() as HTMLElement | null;
    row?.querySelector<HTMLButtonElement>('.admin-matchmaker button')?.focus();
  }
}
