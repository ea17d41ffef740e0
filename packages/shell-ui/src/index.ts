export { definitionWordsCatalog, definitionWordsIn, manifestNames, manifestWord, manifestWordsCatalog, manifestWordsProblems, registerDomainWords } from './i18n/domainWords.js';
export type { Crumb, DomainModule, DomainWordsSource, DomainRoute, LazyPage, NavItem, NavSection, PageKind, SidebarMode } from './manifest.js';
export type { ShellSession } from './session.js';
export { composeModules, normalizePath } from './compose/composeModules.js';
export type { ComposedShell } from './compose/composeModules.js';
export { createAppRoutes } from './routing/createAppRoutes.js';
export type { CreateAppRoutesOptions } from './routing/createAppRoutes.js';
export { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, loadChunk, memoizedChunk, installPreloadErrorHandler } from './routing/chunks.js';
export type { ChunkKind } from './routing/chunks.js';
export { HOVER_PRELOAD_DELAY_MS, createHoverPreload, whenIdle } from './routing/preload.js';
export { sidebarModeFor } from './layout/sidebarMode.js';
export { visibleNav } from './layout/navVisibility.js';
export { reachableAreas, AREA_ORDER } from './layout/areas.js';
export type { Area } from './layout/areas.js';
export { resolveCrumb, editModeOf, EDIT_LABELS } from './layout/breadcrumbs.js';
export type { EditMode } from './layout/breadcrumbs.js';
export { displayName } from './layout/displayName.js';
export { SIDEBAR_PINNED_KEY } from './layout/sidebarPin.js';
export { SETTINGS_HOME_PATH } from './layout/SidebarContent.js';
export { NotAvailableYet } from './pages/NotAvailableYet.js';
export type { NotAvailableYetProps } from './pages/NotAvailableYet.js';
export { AccessDeniedPage, ACCESS_DENIED_TEXT } from './pages/AccessDeniedPage.js';
export type { AccessDeniedPageProps } from './pages/AccessDeniedPage.js';
export { DefaultErrorScreen, describeError } from './pages/DefaultErrorScreen.js';
export type { DefaultErrorScreenProps } from './pages/DefaultErrorScreen.js';
export { FloatingLabelInput } from './kit/FloatingLabelInput.js';
export type { FloatingLabelInputProps } from './kit/FloatingLabelInput.js';
export { createPropdeskTheme, FONT_STACK, BRAND_COLORS } from './theme/createPropdeskTheme.js';
export {
  DEFAULT_TOAST_AUTO_HIDE_MS,
  DEFAULT_TOAST_ANCHOR,
  NOTIFICATION_TOAST_AUTO_HIDE_MS,
  NOTIFICATION_TOAST_ANCHOR,
  NOTIFICATION_TOAST_OPTIONS,
  MAX_TOASTS,
} from './theme/snackbar.js';
export { PropdeskSnackbarProvider } from './theme/PropdeskSnackbarProvider.js';
export type { PropdeskSnackbarProviderProps } from './theme/PropdeskSnackbarProvider.js';
export { readOn } from './compose/screens.js';
export { customScreen, domainModule, isPlaceholder, navLink, oncePage, placeholderFamily, placeholderScreen } from './compose/declare.js';
export { assembleSections, webManifestProblems } from './compose/folderScreens.js';
export type { FolderScreens, SectionFrame, SectionScreens } from './compose/folderScreens.js';
export type {
  DomainDeclaration,
  FamilyPageOptions,
  NavLink,
  PlaceholderFamily,
  ScreenDeclaration,
  ScreenGroup,
  ScreenOptions,
  SectionDeclaration,
  UnlistedScreens,
  Visibility,
} from './compose/declare.js';
export { placeholderPage } from './pages/placeholderPage.js';
export { NotificationBell, bellLabel } from './layout/NotificationBell.js';
export { NotificationCentre } from './notifications/NotificationCentre.js';
export type { NotificationCentreProps } from './notifications/NotificationCentre.js';
export { NotificationSessionWatcher } from './notifications/NotificationSessionWatcher.js';
export type { NotificationSessionWatcherProps } from './notifications/NotificationSessionWatcher.js';
export { AnnouncementDialog, ANNOUNCEMENT_PATH, ANNOUNCEMENT_SENT_TEXT } from './notifications/AnnouncementDialog.js';
export type { AnnouncementDialogProps } from './notifications/AnnouncementDialog.js';
export { announcementApi, useAnnouncementCalls, ANNOUNCEMENT_TARGETS_PATH } from './notifications/announcementApi.js';
export type { AnnouncementCalls } from './notifications/announcementApi.js';
export { openNotificationLink, isInternalLink } from './notifications/openNotificationLink.js';
export { PropdeskThemeProvider, prepareDirection, MIRROR_IN_RTL } from './theme/PropdeskThemeProvider.js';
export { shellCatalog } from './i18n/catalog.js';
