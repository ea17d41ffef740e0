import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, request, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './demo.js';

/** A signed-in API client (cookies and CSRF header handled), for setting up what a test needs. */
export type ApiUser = {
  api: APIRequestContext;
  userId: string;
  departmentId: string;
  post: (path: string, data?: unknown) => ReturnType<APIRequestContext['post']>;
  get: (path: string) => ReturnType<APIRequestContext['get']>;
  dispose: () => Promise<void>;
};

async function csrfToken(api: APIRequestContext): Promise<string> {
  const cookie = (await api.storageState()).cookies.find((candidate) => candidate.name === 'XSRF-TOKEN');
  if (!cookie) throw new Error('no XSRF-TOKEN cookie');
  return cookie.value;
}

/** Signs in through the API; the id and department come from the login token's payload. */
export async function apiSignIn(baseURL: string, username: string): Promise<ApiUser> {
  const api = await request.newContext({ baseURL });
  await api.get('/api/users/csrf-cookie', { headers: { Accept: 'application/json' } });
  const login = await api.post('/api/users/login', {
    data: { username, password: DEMO_PASSWORD },
    headers: { 'X-CSRF-TOKEN': await csrfToken(api) },
  });
  expect(login.status(), `login of ${username}`).toBe(200);
  const token = ((await login.json()) as { data: string }).data;
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    data: { id: string; department: { id: string } };
  };
  return {
    api,
    userId: payload.data.id,
    departmentId: payload.data.department.id,
    post: async (path, data) => api.post(path, { data, headers: { 'X-CSRF-TOKEN': await csrfToken(api) } }),
    get: (path) => api.get(path),
    dispose: () => api.dispose(),
  };
}

export type Announcement = { title: string; body?: string; link?: string; target: { userId: string } | { departmentId: string } };

/** POST /api/notifications as this user; expects 201. */
export async function announce(sender: ApiUser, announcement: Announcement): Promise<void> {
  const response = await sender.post('/api/notifications', announcement);
  expect(response.status(), await response.text()).toBe(201);
}

/** The bell of the top bar (its name carries the unread count). */
export const bellOf = (page: Page): Locator => page.getByRole('button', { name: /^Notifications,/ });

/** Opens the centre and returns it. */
export async function openCentre(page: Page): Promise<Locator> {
  await bellOf(page).click();
  const centre = page.getByRole('dialog', { name: 'Notifications' });
  await expect(centre).toBeVisible();
  return centre;
}

export async function closeCentre(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toHaveCount(0);
  // The page is no longer hidden behind a modal once the bell is reachable again.
  await expect(bellOf(page)).toBeVisible();
}

export const connectionStatusOf = (centre: Locator): Locator => centre.getByTestId('notification-connection-status');

/** Waits until the live streams are connected (seen in the centre's status indicator). */
export async function waitUntilConnected(page: Page): Promise<void> {
  const centre = await openCentre(page);
  await expect(connectionStatusOf(centre)).toHaveAttribute('data-status', 'connected', { timeout: 20_000 });
  await closeCentre(page);
}

/** The unread count the bell announces ('none' → 0). */
export async function unreadOnBell(page: Page): Promise<number> {
  const label = (await bellOf(page).getAttribute('aria-label')) ?? '';
  const match = /Notifications, (\d+) unread/.exec(label);
  return match ? Number(match[1]) : 0;
}

/**
 * The unread count the bell should show, read from the server: the user's and the department's
 * lists merged by id (as the bell merges them), newest 100.
 */
export async function unreadOnServer(user: ApiUser): Promise<number> {
  const lists = await Promise.all(
    [`/api/notifications/user/${user.userId}`, `/api/notifications/department/${user.departmentId}`].map(async (path) => {
      const response = await user.get(path);
      expect(response.status(), path).toBe(200);
      const body = (await response.json()) as { data?: { id: string; isRead: boolean; createdOn: string }[] } | { id: string; isRead: boolean; createdOn: string }[];
      return Array.isArray(body) ? body : (body.data ?? []);
    }),
  );
  const byId = new Map(lists.flat().map((item) => [item.id, item]));
  const newest = [...byId.values()].sort((a, b) => b.createdOn.localeCompare(a.createdOn)).slice(0, 100);
  return newest.filter((item) => !item.isRead).length;
}

/**
 * Waits until the bell has loaded the history and agrees with the server, then returns its count.
 * Reading the bell at once after sign-in can see 0 while the history is still on its way.
 */
export async function settledUnread(page: Page, user: ApiUser): Promise<number> {
  await expect
    .poll(async () => (await unreadOnBell(page)) === (await unreadOnServer(user)), { timeout: 20_000 })
    .toBe(true);
  return unreadOnBell(page);
}

const SERVER_MAIN = fileURLToPath(new URL('../../../apps/server/dist/main.js', import.meta.url));

/** A server process of our own (the suite's shared server cannot be restarted by a test). */
export type OwnServer = { baseURL: string; stop: () => Promise<void> };

export async function startServer(port: number, dataDir: string): Promise<OwnServer> {
  const child: ChildProcess = spawn(process.execPath, [SERVER_MAIN], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PROPDESK_DATA_DIR: dataDir,
      // The same signing secret across restarts, as a real deployment has.
      PROPDESK_SECRET: 'e2e-restart-secret-0123456789abcdef0123456789',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // A fresh data dir seeds the whole demo first: a minute or more while `npm test` runs the server suite beside this one.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server on port ${port} exited with ${child.exitCode}`);
    try {
      const health = await fetch(`${baseURL}/api/health`);
      if (health.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server on port ${port} did not start`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseURL,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
