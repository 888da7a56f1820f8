import type { PropertyListFilter } from '@domain/property-filters';
import type { PropertyListView } from '@domain/property-list-query';
import { api, connectedLanguage } from '@/api';
import { ApiError } from '@/api/api-error';

export type ExportFormat = 'csv' | 'xlsx';

/**
 * Downloads the list under the current filter, search and sort as a file. Fetched (the request
 * needs the bearer token a plain link cannot carry), then handed to the browser as a download under
 * the name the server gave.
 */
export async function downloadPropertyExport(
  format: ExportFormat,
  list: { filter: PropertyListFilter; search: string; view: PropertyListView },
): Promise<void> {
  const { data, response } = await api.GET('/property/export', {
    params: {
      query: {
        format,
        lang: connectedLanguage() === 'en' ? 'en' : 'he',
        filter: list.filter,
        ...(list.search === '' ? {} : { search: list.search }),
        ...list.view,
      },
    },
    parseAs: 'blob',
  });
  if (!response.ok || !(data instanceof Blob)) {
    throw new ApiError('export failed', { status: response.status, code: 'export_failed' });
  }
  const url = URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response.headers.get('content-disposition')) ?? `properties.${format}`;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: some browsers start reading the file only after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function fileNameOf(disposition: string | null): string | undefined {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  return encoded ? decodeURIComponent(encoded) : undefined;
}
