import { apiErrorText, openDownload } from '@propdesk/api-client';
import { translator } from '@propdesk/i18n';
import { getLanguage } from '@propdesk/i18n/react';
import { recordsCatalog } from './i18n/catalog.js';

export type DownloadProgress = { received: number; total: number | null; rows: number | null };

/**
 * Downloads a streamed export and saves it, reporting progress as it arrives (bytes, and rows
 * against the server's `X-Total-Count` for CSV). A lapsed session is restored once, as every call.
 */
export async function downloadExport(path: string, filename: string, onProgress: (progress: DownloadProgress) => void, signal?: AbortSignal): Promise<void> {
  const response = await openDownload(path, signal);
  if (!response.ok || !response.body) {
    // The server's message is in the account's language; this one, when it sends none, in the page's.
    let message = translator(recordsCatalog, getLanguage())('exportFailed');
    try {
      message = ((await response.json()) as { message?: string }).message ?? message;
    } catch {
      // not JSON: keep the general message
    }
    throw new Error(message);
  }
  const totalRows = Number(response.headers.get('x-total-count'));
  const csv = filename.endsWith('.csv');
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  let newlines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    if (csv) for (const byte of value) if (byte === 10) newlines += 1;
    onProgress({ received, total: Number.isFinite(totalRows) ? totalRows : null, rows: csv ? Math.max(0, newlines - 1) : null });
  }
  saveFile(new Blob(chunks as BlobPart[], { type: response.headers.get('content-type') ?? 'application/octet-stream' }), filename);
}

/** Hands a file to the browser's download, as a link the user clicked would. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = filename;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The message of a failed call: the first field error, else the envelope's (api-client's one `ApiError`). */
export function requestErrorMessage(error: unknown): string {
  return apiErrorText(error);
}
