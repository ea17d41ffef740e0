/** The shell's own English words (sidebar, top bar, breadcrumbs, user menu, notification bell). */
export const en = {
  modeSales: 'Sales',
  modeSettings: 'Settings',
  modeProcurement: 'Procurement',
  modeNavigation: '{mode} navigation',
  mainNavigation: 'Main navigation',
  pinSidebar: 'Pin sidebar',
  unpinSidebar: 'Unpin sidebar',
  settings: 'Settings',
  logout: 'Logout',
  openNavigation: 'Open navigation',
  breadcrumb: 'Breadcrumb',
  loadingPage: 'Loading page',
  notificationsUnread: '{count, plural, =0 {Notifications, none unread} other {Notifications, # unread}}',
  profile: 'Profile',
  changePassword: 'Change password',
  goTo: 'Go to',
  signOut: 'Sign out',
  language: 'Language',
  languageArabic: 'العربية',
  languageEnglish: 'English',
  languageBrowser: "The browser's language",
  languageSaveFailed: 'The language could not be saved. Please try again.',
};

export type ShellKey = keyof typeof en;
