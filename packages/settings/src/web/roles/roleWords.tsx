import { useCallback, useMemo } from 'react';
import type { EntityGroup } from '@propdesk/privileges';
import { useLanguage, useT } from '@propdesk/i18n/react';
import { entityCatalogOf, settingsWebCatalog } from '../i18n/catalog.js';
import { useEntityRegistry } from './entityRegistry.js';
import type { SettingsWebKey } from '../i18n/en.js';

const GROUP_KEYS: Record<EntityGroup, SettingsWebKey> = {
  sales: 'roles.groupSales',
  'settings-leads': 'roles.groupSettingsLeads',
  'settings-general': 'roles.groupSettingsGeneral',
  'settings-roles': 'roles.groupSettingsRoles',
  procurement: 'roles.groupProcurement',
  system: 'roles.groupSystem',
};

/** An entity's own actions' visible labels (the rest show the action's word). */
const EXTRA_KEYS: Readonly<Record<string, SettingsWebKey>> = { readAll: 'roles.extraReadAll', assign: 'roles.extraAssign' };

/**
 * The matrix's words in the page's language: an action's word (English: the action as it is, `readAll`),
 * an entity's label (English: the registry's), a group's heading and the catalog's `t`.
 */
export function useRoleWords() {
  const t = useT(settingsWebCatalog);
  const entityWords = useT(entityCatalogOf(useEntityRegistry()));
  const language = useLanguage();
  const action = useCallback(
    (name: string) => {
      const key = `roles.act.${name}` as SettingsWebKey;
      const word = t(key);
      return word === key ? name : word;
    },
    [t],
  );
  const extraLabel = useCallback((name: string) => (EXTRA_KEYS[name] ? t(EXTRA_KEYS[name]) : action(name)), [t, action]);
  const entity = useCallback((name: string, label: string) => {
    const word = entityWords(name);
    return word === name ? label : word;
  }, [entityWords]);
  const group = useCallback((name: EntityGroup) => t(GROUP_KEYS[name]), [t]);
  return useMemo(() => ({ t, language, action, extraLabel, entity, group }), [t, language, action, extraLabel, entity, group]);
}

export type RoleWords = ReturnType<typeof useRoleWords>;
