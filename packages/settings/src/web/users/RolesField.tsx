import { useState } from 'react';
import { ReferencePicker } from '@propdesk/records/web';
import { useUserWords } from './userWords.js';

export type RolesFieldProps = {
  value: readonly string[];
  initialLabels: readonly string[];
  error?: string | undefined;
  onChange: (next: string[]) => void;
};

/** A user's roles, picked from the server's list as the user types. */
export function RolesField({ value, initialLabels, error, onChange }: RolesFieldProps) {
  const [labels, setLabels] = useState<string[]>([...initialLabels]);
  const { t } = useUserWords();
  return (
    <ReferencePicker
      resource="roles"
      name="roles"
      label={t('users.roles')}
      multiple
      value={[...value]}
      valueLabels={labels}
      error={error}
      onChange={(next, nextLabels) => {
        setLabels(Array.isArray(nextLabels) ? nextLabels : []);
        onChange(Array.isArray(next) ? next : []);
      }}
    />
  );
}
