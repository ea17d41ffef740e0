import type { ComponentType } from 'react';
import { NotAvailableYet } from './NotAvailableYet.js';

/**
 * Makes the page component of a screen whose content belongs to a later issue: it renders the
 * shell's honest "not available yet" placeholder with the screen's breadcrumb title and what the
 * screen will manage. A factory rather than one file per screen, because the placeholders differ
 * only in their text; a real screen replaces its entry with its own `XPage.tsx`.
 */
export function placeholderPage(title: string, description: string): ComponentType {
  function PlaceholderPage() {
    return <NotAvailableYet title={title} description={description} />;
  }
  PlaceholderPage.displayName = `NotAvailableYet(${title})`;
  return PlaceholderPage;
}
