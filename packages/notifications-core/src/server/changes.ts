import type { Queryable } from '@propdesk/server-kit';

/**
 * "Record changed" events (issue 25): the records engine publishes one per committed transaction on
 * this channel (`publishRecordChanges`, inside the transaction, so a rollback publishes nothing and
 * every process on the database hears it); each process's hub passes it on to the open user streams
 * as an SSE `change` event. The payload names resources and ids only (`{ changes: [{ resource, id?,
 * version?, op }] }`, records' `RecordChangeEvent`); a stream gets only the resources its user may read.
 */
export const RECORD_CHANGES_CHANNEL = 'propdesk_record_changes';

/** The engine's publisher (`EngineContext.publishChanges`): one NOTIFY in the writing transaction. */
export async function publishRecordChanges(tx: Queryable, payload: string): Promise<void> {
  await tx.query('select pg_notify($1, $2)', [RECORD_CHANGES_CHANNEL, payload]);
}

type Change = { resource: string };

/** The parsed event, or null when the payload is not one (nothing is sent then). */
export function parseChangeEvent(payload: string): { changes: Change[] } | null {
  try {
    const value = JSON.parse(payload) as { changes?: unknown };
    if (!Array.isArray(value.changes)) return null;
    const changes = value.changes.filter((change): change is Change => typeof (change as Change | null)?.resource === 'string');
    return changes.length > 0 ? { changes } : null;
  } catch {
    return null;
  }
}

/**
 * One event as each stream should get it: the whole text when the reader may read every resource
 * it names, else only the readable ones, serialised once per distinct set of readable resources
 * (streams of one role share it), so the cost per stream is a few set lookups.
 */
export function changeFanOut(payload: string, event: { changes: Change[] }) {
  const resources = [...new Set(event.changes.map((change) => change.resource))];
  const texts = new Map<string, string | null>();
  return (readable: ((resource: string) => boolean) | null): string | null => {
    if (!readable) return payload;
    const allowed = resources.filter((resource) => resource === '*' || readable(resource));
    if (allowed.length === resources.length) return payload;
    const key = allowed.join(',');
    let text = texts.get(key);
    if (text === undefined) {
      const set = new Set(allowed);
      const kept = event.changes.filter((change) => set.has(change.resource));
      text = kept.length > 0 ? JSON.stringify({ changes: kept }) : null;
      texts.set(key, text);
    }
    return text;
  };
}
