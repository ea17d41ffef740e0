import { createRecord, updateRecord, type Caller, type EngineContext } from '@propdesk/records/server';
import { notFound, type Queryable } from '@propdesk/server-kit';
import { salesText } from '../../server/i18n/catalog.js';
import { collectionSettings, DEFAULT_REMIND_DAYS_BEFORE } from './definition.js';
import { projectCollections } from './facts.server.js';

/**
 * Sets (or clears, with null) a project's bounce charge through the engine: its settings row is
 * updated, or made with the defaults when it has none (nothing is made to clear a charge never set).
 * Answers the charge as stored.
 */
export async function setBounceCharge(engine: EngineContext, tx: Queryable, caller: Caller, projectId: string, amount: string | null): Promise<string | null> {
  const settings = await projectCollections(tx, projectId);
  if (!settings) throw notFound(salesText('noProject'));
  if (settings.settingsId) {
    const saved = await updateRecord(engine, tx, collectionSettings, caller, settings.settingsId, { bounceCharge: amount }, { ignoreVersion: true });
    return (saved.bounceCharge as string | null) ?? null;
  }
  if (amount === null) return null;
  const made = await createRecord(engine, tx, collectionSettings, caller, {
    name: `${settings.projectName} collections`.slice(0, 120),
    project: projectId,
    bounceCharge: amount,
    remindDaysBefore: DEFAULT_REMIND_DAYS_BEFORE,
  });
  return (made.bounceCharge as string | null) ?? null;
}
