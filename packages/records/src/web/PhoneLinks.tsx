import { useEffect, useState, type MouseEvent } from 'react';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import WhatsApp from '@mui/icons-material/WhatsApp';
import { useLanguage, useT } from '@propdesk/i18n/react';
import { recordsCatalog } from './i18n/catalog.js';
import { phoneLinks, loadMobileCheck, mobileCheckLoaded, type PhoneLinkTargets } from './phone.js';

export type PhoneLinksProps = { value: string };

/**
 * A phone number that calls (`tel:`), with a WhatsApp link when it is a mobile number. The mobile
 * check (libphonenumber-js' mobile metadata) is loaded on the first phone shown.
 */
export function PhoneLinks({ value }: PhoneLinksProps) {
  const t = useT(recordsCatalog);
  // A number reads left to right inside Arabic (+20 100 …): `dir` on the link, in Arabic only (English DOM as it was).
  const rtl = useLanguage() !== 'en';
  const [links, setLinks] = useState<PhoneLinkTargets>(() => phoneLinks(value));
  useEffect(() => {
    let live = true;
    if (mobileCheckLoaded()) setLinks(phoneLinks(value));
    else void loadMobileCheck().then(() => live && setLinks(phoneLinks(value)));
    return () => {
      live = false;
    };
  }, [value]);
  // In a list, following a link must not also open the row.
  const stay = (event: MouseEvent) => event.stopPropagation();
  return (
    <Stack component="span" direction="row" spacing={1} sx={{ display: 'inline-flex', alignItems: 'center', height: '100%' }}>
      <Link href={links.tel} onClick={stay} underline="hover" aria-label={t('phoneCall', { value })} {...(rtl ? { dir: 'ltr' } : {})}>
        {value}
      </Link>
      {links.whatsapp ? (
        <Link href={links.whatsapp} onClick={stay} target="_blank" rel="noopener noreferrer" aria-label={t('whatsApp', { value })} title={t('whatsAppTitle')} sx={{ display: 'inline-flex', color: '#1f8f4e' }}>
          <WhatsApp fontSize="small" />
        </Link>
      ) : null}
    </Stack>
  );
}
