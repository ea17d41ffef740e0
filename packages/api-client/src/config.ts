import * as z from 'zod/mini';

/** The public configuration file the SPA reads once at startup (spec section 7). */
export const appConfigSchema = z.object({
  /** Scheme and host of the API, e.g. `https://api.example.com`; an empty string means same origin. */
  apiBaseUrl: z.string(),
});

export type AppConfig = z.infer<typeof appConfigSchema>;

/** The production default: the API is served by the same origin as the SPA. */
export const DEFAULT_CONFIG: AppConfig = Object.freeze({ apiBaseUrl: '' });

export const CONFIG_PATH = '/config.json';

let current: AppConfig = DEFAULT_CONFIG;
let loading: Promise<AppConfig> | null = null;

async function fetchConfig(): Promise<AppConfig> {
  try {
    const response = await fetch(CONFIG_PATH, { headers: { Accept: 'application/json' }, cache: 'no-cache' });
    if (!response.ok) throw new Error(`status ${response.status}`);
    const parsed = appConfigSchema.safeParse(await response.json());
    if (!parsed.success) throw new Error(`invalid content: ${parsed.error.message}`);
    return { apiBaseUrl: parsed.data.apiBaseUrl.replace(/\/+$/, '') };
  } catch (error) {
    console.warn(`Could not load ${CONFIG_PATH}; using the default configuration.`, error);
    return DEFAULT_CONFIG;
  }
}

/** Reads `/config.json` once; any failure falls back to `DEFAULT_CONFIG` with a console warning. */
export function loadConfig(): Promise<AppConfig> {
  loading ??= fetchConfig().then((config) => {
    current = config;
    return config;
  });
  return loading;
}

/** The loaded configuration (the default until `loadConfig` has resolved). */
export function getConfig(): AppConfig {
  return current;
}

/** Sets the configuration directly (tests, or an app that knows its API host already). */
export function setConfig(config: AppConfig): void {
  current = appConfigSchema.parse(config);
  loading = Promise.resolve(current);
}

/** Forgets the loaded configuration so the next `loadConfig` reads the file again (tests). */
export function resetConfig(): void {
  current = DEFAULT_CONFIG;
  loading = null;
}

/** The URL of an API path under the configured base URL; absolute URLs pass through. */
export function apiUrl(path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  const base = current.apiBaseUrl.replace(/\/+$/, '');
  return `${base}${path.startsWith('/') ? path : `/${path}`}`;
}
