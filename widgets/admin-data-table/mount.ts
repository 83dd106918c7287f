import type { AdminTableName } from '../../server/shared/admin-search-rules';
import { isAdminTable } from '../../server/shared/admin-search-rules';
import type { AdminDataTableProps } from './data-table';

export function parseProps(raw: Record<string, unknown>): AdminDataTableProps {
  if (typeof raw.table !== 'string' || !isAdminTable(raw.table)) throw new Error('admin-data-table needs a known table');
  return {
    table: raw.table as AdminTableName,
    searchParam: typeof raw.searchParam === 'string' ? raw.searchParam : '',
    result: raw.result && typeof raw.result === 'object' ? (raw.result as AdminDataTableProps['result']) : null,
  };
}

// DataTables and its Buttons touch `window` as they load, so they are imported only when mounting.
export async function mount(element: HTMLElement, props: AdminDataTableProps): Promise<void> {
  const { AdminDataTable } = await import('./data-table');
  new AdminDataTable(element, props).start();
}
