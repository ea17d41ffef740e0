import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { apiErrorText } from '@propdesk/api-client';
import { localeOf, type Language } from '@propdesk/i18n';
import { isolate, richText, useLanguage, useT } from '@propdesk/i18n/react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { DuplicateQuery } from '../../model/api.js';
import { useClaimLeadMutation, useLeadDuplicatesQuery } from './leadApi.web.js';
import { salesCatalog } from '../../web/i18n/catalog.js';

const CHECK_DELAY_MS = 250;
/** 5 Dec 2026 (the month's name in the page's language, digits 0–9). */
const formatDate = (iso: string, language: Language) =>
  new Date(iso).toLocaleDateString(language === 'en' ? 'en-GB' : `${localeOf(language)}-u-nu-latn`, { day: 'numeric', month: 'short', year: 'numeric' });

/**
 * While a phone or email is typed, asks the server whether an open lead already has it: one the
 * agent may see is offered instead; one owned by someone else shows only who and until when, and
 * can be asked for (a claim to the owner's manager).
 */
export function DuplicateNotice({ phone, phone2 = '', email, excludeId }: { phone: string; phone2?: string; email: string; excludeId?: string | undefined }) {
  const t = useT(salesCatalog);
  const language = useLanguage();
  const [probe, setProbe] = useState<DuplicateQuery | null>(null);
  const [claimed, setClaimed] = useState<Record<string, string>>({});
  const [claim] = useClaimLeadMutation();
  // Waits for a pause in the typing before asking; the answer comes from the lead endpoints.
  useEffect(() => {
    const usable = (value: string) => value.startsWith('+') && value.length >= 8;
    // The first phone, or the second while the first is not a whole number yet.
    const usablePhone = usable(phone) ? phone : usable(phone2) ? phone2 : '';
    const usableEmail = /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email) ? email : '';
    if (!usablePhone && !usableEmail) {
      setProbe(null);
      return undefined;
    }
    const timer = setTimeout(() => {
      setProbe({ ...(usablePhone ? { phone: usablePhone } : {}), ...(usableEmail ? { email: usableEmail } : {}), ...(excludeId ? { excludeId } : {}) });
    }, CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [phone, phone2, email, excludeId]);
  const { data } = useLeadDuplicatesQuery(probe ?? skipToken);
  const matches = probe ? (data?.matches ?? []) : [];

  if (matches.length === 0) return null;
  const thing = (matchedOn: 'phone' | 'email') => t(matchedOn === 'phone' ? 'dup.phone' : 'dup.email');
  return (
    <Stack spacing={1} role="status" aria-live="polite">
      {matches.map((match) =>
        match.visible ? (
          <Alert key={match.id} severity="info" action={match.link ? <Button component={RouterLink} to={match.link}>{t('lead.openIt')}</Button> : null}>
            {richText(t, 'dup.onLead', { thing: thing(match.matchedOn) }, {
              lead: <strong>{isolate(match.fullName)}</strong>,
              owner: match.ownerName ? richText(t, 'dup.owner', {}, { owner: isolate(match.ownerName) }) : t('dup.unassigned'),
            })}
          </Alert>
        ) : (
          <Alert
            key={match.id}
            severity="warning"
            data-testid="duplicate-owned"
            action={
              claimed[match.id] ? null : (
                <Button
                  onClick={() =>
                    claim({ id: match.id })
                      .unwrap()
                      .then((answer) => setClaimed((done) => ({ ...done, [match.id]: answer.message ?? t('dup.requestSent') })))
                      .catch((error: unknown) => setClaimed((done) => ({ ...done, [match.id]: apiErrorText(error) })))
                  }
                >
                  {t('dup.askForIt')}
                </Button>
              )
            }
          >
            {richText(t, 'dup.ownedBy', { thing: thing(match.matchedOn), validUntil: match.validUntil ? t('dup.validUntil', { date: formatDate(match.validUntil, language) }) : '' }, {
              owner: <strong>{match.ownerName ? isolate(match.ownerName) : t('dup.anotherAgent')}</strong>,
            })}
            {claimed[match.id] ? ` ${claimed[match.id]}` : ''}
          </Alert>
        ),
      )}
    </Stack>
  );
}
