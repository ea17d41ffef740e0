import { useMemo } from 'react';
import { useSelector } from 'react-redux';
import { createChecker, type Privilege, type PrivilegeChecker } from '@propdesk/privileges';
import { useShell } from './ShellContext.js';

const EMPTY: readonly Privilege[] = [];

/** The signed-in user's privileges (as a list and a checker) and username, from the store. */
export function useShellSession(): { privileges: readonly Privilege[] | null; can: PrivilegeChecker; username: string | null } {
  const { session } = useShell();
  const privileges = useSelector((state: unknown) => session.selectPrivileges(state as never));
  const username = useSelector((state: unknown) => session.selectUsername(state as never));
  const can = useMemo(() => createChecker(privileges ?? EMPTY), [privileges]);
  return { privileges, can, username };
}
