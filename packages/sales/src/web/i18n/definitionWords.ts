import { defineCatalog, type Messages } from '@propdesk/i18n';
import { useT } from '@propdesk/i18n/react';
import { humanize } from '@propdesk/records/web';
import { useCallback } from 'react';

/**
 * The sales definitions' Arabic words (`src/i18n/definitions.ar.ts`) for the custom screens that show
 * a definition's option (a payment's kind, a status) outside the engine's grid and form. English has
 * no words of its own here: an option's English label is `humanize(value)`, as the engine shows it.
 */
export const definitionWords = defineCatalog<string>('sales-definitions', {} as Messages<string>, () => import('../../i18n/definitions.ar.js'));

/** `(resource, field, value) => label`: the definition's option label in the page's language. */
export function useOptionLabel(): (resource: string, field: string, value: unknown) => string {
  const t = useT(definitionWords);
  return useCallback(
    (resource: string, field: string, value: unknown) => {
      const key = `${resource}.fields.${field}.options.${String(value)}`;
      const word = t(key);
      return word === key ? humanize(String(value)) : word;
    },
    [t],
  );
}
