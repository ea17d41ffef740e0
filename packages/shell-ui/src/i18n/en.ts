import { accountEn } from './account.en.js';
import { notificationsEn } from './notifications.en.js';

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
  home: 'Home',
  editLead: 'Edit Lead',
  editUser: 'Edit User',
  editEoi: 'Edit EOI',
  editPayment: 'Edit Payment',
  loadingPage: 'Loading page',
  skipToContent: 'Skip to content',
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
  errorTitle: 'Unexpected Application Error!',
  errorNotFound: '{status} Not Found',
  errorStatus: '{status} {statusText}',
  errorReload: 'Reload',
  errorHome: 'Go to the home page',
  ...notificationsEn,
  ...accountEn,
};

export type ShellKey = keyof typeof en;
