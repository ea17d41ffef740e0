import { apiUrl } from './config.js';
import { openEventStream, type EventStreamHandle, type EventStreamOptions } from './eventStream.js';
import { currentRestoreGeneration, restoreSessionOnce } from './session.js';

/**
 * An event stream of the product's API (`path` under the configured base), with the same 401
 * handling as every other call: one restore-session shared with whatever else got a 401 at the
 * time, then the stream is asked for once more. A stream still refused reports `unauthorized`.
 */
export function openApiEventStream(path: string, options: Omit<EventStreamOptions, 'url' | 'restoreSession'>): EventStreamHandle {
  const sentAt = currentRestoreGeneration();
  return openEventStream({ ...options, url: apiUrl(path), restoreSession: () => restoreSessionOnce(sentAt) });
}
