import type { Privilege } from '@propdesk/privileges';
import { createChecker } from '@propdesk/privileges';
import { createSelector, createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { ensurePrivileges } from './ensurePrivileges.js';
import { login, signedInSession } from './login.js';
import type { SessionRootState, SessionState } from './sessionTypes.js';
import { readStoredUser } from './storage.js';
import type { SessionUser } from './storage.js';

const initialSessionState = (): SessionState => ({
  user: readStoredUser(),
  privileges: null,
  privilegesStatus: 'idle',
  loginStatus: 'idle',
  loginError: null,
});

/** The session slice (name 'session'); join it with `combineSlices`. */
export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    /** Back to signed out (logout, session expiry). */
    sessionCleared: () => ({
      user: null,
      privileges: null,
      privilegesStatus: 'idle' as const,
      loginStatus: 'idle' as const,
      loginError: null,
    }),
    userSet: (state, action: PayloadAction<SessionUser | null>) => {
      state.user = action.payload;
    },
    privilegesSet: (state, action: PayloadAction<Privilege[] | null>) => {
      state.privileges = action.payload;
      state.privilegesStatus = action.payload ? 'loaded' : 'idle';
    },
    loginErrorCleared: (state) => {
      state.loginError = null;
      if (state.loginStatus === 'failed') state.loginStatus = 'idle';
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(ensurePrivileges.pending, (state) => {
        if (!state.privileges) state.privilegesStatus = 'loading';
      })
      .addCase(ensurePrivileges.fulfilled, (state, action) => {
        if (action.payload) {
          state.privileges = action.payload;
          state.privilegesStatus = 'loaded';
        } else if (!state.privileges) {
          // A fetch that started before a login must not wipe the privileges the login set.
          state.privilegesStatus = 'failed';
        }
      })
      .addCase(ensurePrivileges.rejected, (state) => {
        if (!state.privileges) state.privilegesStatus = 'failed';
      })
      .addCase(login.pending, (state) => {
        state.loginStatus = 'pending';
        state.loginError = null;
      })
      .addCase(login.fulfilled, (_state, action) => signedInSession(action.payload))
      .addCase(login.rejected, (state, action) => {
        state.loginStatus = 'failed';
        state.loginError = action.payload ?? action.error.message ?? null;
      });
  },
});

export const { sessionCleared, userSet, privilegesSet, loginErrorCleared } = sessionSlice.actions;

export const selectSession = (state: SessionRootState): SessionState => state.session;
export const selectUser = (state: SessionRootState): SessionUser | null => state.session.user;
export const selectUsername = (state: SessionRootState): string | null => state.session.user?.username ?? null;
export const selectUserId = (state: SessionRootState): string | null => state.session.user?.userId ?? null;
export const selectDepartmentId = (state: SessionRootState): string | null => state.session.user?.departmentId ?? null;
export const selectPrivileges = (state: SessionRootState): Privilege[] | null => state.session.privileges;
export const selectPrivilegesStatus = (state: SessionRootState): SessionState['privilegesStatus'] =>
  state.session.privilegesStatus;
export const selectLoginStatus = (state: SessionRootState): SessionState['loginStatus'] => state.session.loginStatus;
export const selectLoginError = (state: SessionRootState): string | null => state.session.loginError;
export const selectIsAuthenticated = (state: SessionRootState): boolean => state.session.user !== null;

/** A privilege checker over the loaded privileges (an empty list denies everything), memoised. */
export const selectPrivilegeChecker = createSelector([selectPrivileges], (privileges) => createChecker(privileges));
