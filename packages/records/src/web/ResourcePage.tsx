import { useCallback, useEffect, type ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { selectPrivilegeChecker } from '@propdesk/auth-session/web';
import type { PrivilegeChecker } from '@propdesk/privileges';
import { labelFieldOf, recordLink, type RecordRow, type ResourceDef } from '../model/index.js';
import { serverError, useGetRecordQuery } from './api.js';
import { BoardLayout } from './BoardLayout.js';
import { GridLayout } from './GridLayout.js';
import type { ListLayouts } from './layouts.js';
import { recordTitle } from './format.js';
import { RecordForm, type FormExtension } from './RecordForm.js';
import { RecordView } from './RecordView.js';
import { ReferencePicker } from './ReferencePicker.js';
import { ResourceListPage } from './ResourceListPage.js';
import { SingletonRecord } from './SingletonRecord.js';
import type { FixedFilter } from './listState.js';
import { inSentence } from './nouns.js';
import { useLocalizedDefinition } from './i18n/localizedDefinition.js';
import { useLanguage, useT } from '@propdesk/i18n/react';
import { recordsCatalog } from './i18n/catalog.js';

export type ResourcePageProps = {
  def: ResourceDef;
  /** Shown above the list (a screen's own additions: a dashboard, quick views). */
  listHeader?: ReactNode;
  /** The list's own filter (Bounced Cheques: only those states), on every query and not removable by the user. */
  fixedFilter?: FixedFilter;
  /** Layouts the list also offers (a board by status, a grid by block and floor), switched with `?layout=`. */
  layouts?: ListLayouts;
  /** Shown under a record's view (a screen's own additions: a schedule preview). */
  renderExtra?: (record: RecordRow) => ReactNode;
  /** What the screen adds to the generated form. */
  formExtension?: FormExtension;
  /** Starting values of a new record. */
  initial?: Record<string, unknown>;
  /** The create form's fields, in rows, when it is a short one (a walk-in lead); see `RecordForm`'s `layout`. */
  createLayout?: readonly (readonly string[])[];
  /** The create form's heading, words under it and save button (default "New lead", none, "Create lead"). */
  createTitle?: string;
  createIntro?: ReactNode;
  createLabel?: string;
  /**
   * A screen's own create page (leads: `/sales/leads/addlead`, with the country phones and the
   * duplicate check): the list's New button and `n` go there instead of the generated form.
   */
  createPath?: string;
  /**
   * The spec's separate create and edit routes (`/settings/CreateRole`, `.../edit?record=id`)
   * show only the form and return to the list route afterwards.
   */
  mode?: 'list' | 'create' | 'edit';
};

/**
 * One screen of a resource at the spec's route: the list, and in the same route the record
 * (`?record=id`), its edit form (`&edit=1`) and the create form (`?create=1`), so Back and links work.
 */
export function ResourcePage(props: ResourcePageProps) {
  // Every screen below shows the definition in the page's language (its words, its options' labels).
  const def = useLocalizedDefinition(props.def);
  // The shell's pages bring their own margins (as NotAvailableYet does).
  return (
    <Box component="section" aria-label={def.label} sx={{ px: { xs: 2, md: 3 }, pb: 3, pt: 1, minWidth: 0 }}>
      <ResourcePageContent {...props} def={def} />
    </Box>
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A create form opened from another record's view names it in the address (`…/create?eoi=<id>`):
 * each writable reference field given a record id there starts filled, and so does each body key
 * of the form's extension given one (a reservation's `fromHold`).
 */
function linkedValues(def: ResourceDef, search: URLSearchParams, extension: FormExtension | undefined): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(def.fields)) {
    const value = search.get(name);
    if (field.kind === 'reference' && !field.readOnly && value && UUID.test(value)) values[name] = value;
  }
  for (const name of Object.keys(extension?.create ?? {})) {
    const value = search.get(name);
    if (!(name in def.fields) && value && UUID.test(value)) values[name] = value;
  }
  return values;
}

function ResourcePageContent({ def, listHeader, fixedFilter, layouts, renderExtra, initial: given, formExtension, createPath, createLayout, createTitle, createIntro, createLabel, mode = 'list' }: ResourcePageProps) {
  const t = useT(recordsCatalog);
  const [search, setSearch] = useSearchParams();
  const initial = { ...linkedValues(def, search, formExtension), ...given };
  const navigate = useNavigate();
  const checker = useSelector(selectPrivilegeChecker) as PrivilegeChecker;
  const canCreate = checker.can(def.entity, 'create');
  const canUpdate = checker.can(def.entity, 'update');
  const recordId = search.get('record');
  const editing = search.get('edit') === '1';
  const creating = search.get('create') === '1';

  const go = useCallback(
    (change: Record<string, string | null>) => {
      const next = new URLSearchParams(search);
      for (const [key, value] of Object.entries(change)) {
        if (value === null) next.delete(key);
        else next.set(key, value);
      }
      setSearch(next);
    },
    [search, setSearch],
  );
  const backToList = useCallback(() => go({ record: null, edit: null, create: null }), [go]);
  const lockedFields = new Set(Object.entries(def.fields).filter(([name, field]) => field.protected && !checker.canField(def.entity, name, 'update')).map(([name]) => name));

  if (mode !== 'list') {
    const toList = (id?: string) => navigate(def.route ? (id ? recordLink(def.route, id) : def.route) : '..');
    if (mode === 'create' || !recordId) {
      if (mode === 'edit') {
        // The spec's edit route opened on its own (`/settings/editRole`): choose what to edit here.
        return (
          <Section title={t('editChoose', { singular: inSentence(def.singular) })}>
            <Box sx={{ maxWidth: 480 }}>
              <ReferencePicker
                resource={def.name}
                name="record"
                label={t('chooseToEdit', { singular: inSentence(def.singular) })}
                value={null}
                onChange={(value) => {
                  if (typeof value === 'string') go({ record: value });
                }}
              />
            </Box>
            <Button sx={{ mt: 1 }} onClick={() => toList()}>
              {t('openListInstead')}
            </Button>
          </Section>
        );
      }
      if (!canCreate) return <Alert severity="warning">{t('mayNotCreate', { label: inSentence(def.label) })}</Alert>;
      return (
        <Section title={createTitle ?? t('newTitle', { singular: inSentence(def.singular) })} intro={createIntro}>
          <RecordForm def={def} initial={initial} lockedFields={lockedFields} extension={formExtension} layout={createLayout} submitLabel={createLabel} onSaved={(record) => toList(record.id)} onCancel={() => toList()} />
        </Section>
      );
    }
    return <RecordScreen def={def} id={recordId} editing checker={checker} canUpdate={canUpdate} lockedFields={lockedFields} go={(change) => (change.edit === null ? toList(recordId) : go(change))} backToList={() => toList()} renderExtra={renderExtra} formExtension={formExtension} />;
  }
  if (creating && createPath) return <Navigate to={createPath} replace />;
  if (creating) {
    return (
      <Section title={createTitle ?? t('newTitle', { singular: inSentence(def.singular) })} intro={createIntro}>
        <RecordForm def={def} initial={initial} lockedFields={lockedFields} extension={formExtension} layout={createLayout} submitLabel={createLabel} onSaved={(record) => go({ create: null, record: record.id })} onCancel={backToList} />
      </Section>
    );
  }
  if (recordId) {
    return (
      <RecordScreen def={def} id={recordId} editing={editing} checker={checker} canUpdate={canUpdate} lockedFields={lockedFields} go={go} backToList={backToList} renderExtra={renderExtra} formExtension={formExtension} />
    );
  }
  if (def.singleton) return <SingletonRecord def={def} canCreate={canCreate} />;
  const onCreate = () => (createPath ? navigate(createPath) : go({ create: '1' }));
  const layout = layouts ? chosenLayout(layouts, search.get('layout')) : 'list';
  const header = layouts ? (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'center' }, flexWrap: 'wrap' }}>
      <ToggleButtonGroup size="small" exclusive value={layout} aria-label={t('layout')} onChange={(_event, value: string | null) => value && go({ layout: value === 'list' ? null : value, page: null })}>
        <ToggleButton value="list">{t('layoutList')}</ToggleButton>
        {layouts.board ? <ToggleButton value="board">{layouts.board.label ?? t('layoutBoard')}</ToggleButton> : null}
        {layouts.grid ? <ToggleButton value="grid">{layouts.grid.label ?? t('layoutGrid')}</ToggleButton> : null}
      </ToggleButtonGroup>
      {listHeader ? <Box sx={{ flex: 1, minWidth: 0 }}>{listHeader}</Box> : null}
      {layout !== 'list' && canCreate && !def.readOnly ? (
        // The list has its own New button; the other layouts get one here.
        <Button variant="contained" onClick={onCreate}>
          {t('newRecord', { singular: inSentence(def.singular) })}
        </Button>
      ) : null}
    </Stack>
  ) : (
    listHeader
  );
  if (layout === 'board' && layouts?.board) {
    return (
      <Stack spacing={2}>
        {header}
        <BoardLayout def={def} options={layouts.board} onOpen={(id) => go({ record: id })} />
      </Stack>
    );
  }
  if (layout === 'grid' && layouts?.grid) {
    return (
      <Stack spacing={2}>
        {header}
        <GridLayout def={def} options={layouts.grid} onOpen={(id) => go({ record: id })} />
      </Stack>
    );
  }
  return <ResourceListPage def={def} canCreate={canCreate} canUpdate={canUpdate} onOpen={(id) => go({ record: id })} onCreate={onCreate} header={header} fixedFilter={fixedFilter} />;
}

/** The layout `?layout=` names, when the screen offers it; else the list. */
function chosenLayout(layouts: ListLayouts, asked: string | null): 'list' | 'board' | 'grid' {
  if (asked === 'board' && layouts.board) return 'board';
  if (asked === 'grid' && layouts.grid) return 'grid';
  return 'list';
}

type RecordScreenProps = {
  def: ResourceDef;
  id: string;
  editing: boolean;
  checker: PrivilegeChecker;
  canUpdate: boolean;
  lockedFields: ReadonlySet<string>;
  go: (change: Record<string, string | null>) => void;
  backToList: () => void;
  renderExtra?: ((record: RecordRow) => ReactNode) | undefined;
  formExtension?: FormExtension | undefined;
};

/** A document past its editable states is shown without Edit and Delete. */
const editableNow = (def: ResourceDef, record: RecordRow) => !def.editableStates || !def.statusField || def.editableStates.includes(String(record[def.statusField] ?? ''));

function RecordScreen({ def, id, editing, checker, canUpdate, lockedFields, go, backToList, renderExtra, formExtension }: RecordScreenProps) {
  const t = useT(recordsCatalog);
  const { data, isLoading, error, refetch } = useGetRecordQuery({ resource: def.name, id });
  const language = useLanguage();
  const title = data ? recordTitle(data, labelFieldOf(def), t('recordFallback'), { field: def.fields[labelFieldOf(def)], language }) : def.singular;
  useEffect(() => {
    if (data) document.title = `${title} · ${def.label} · Propdesk`;
  }, [data, title, def.label]);
  if (isLoading) return <Skeleton variant="rounded" height={240} />;
  if (error || !data) {
    const failure = serverError(error);
    return (
      <Alert severity={failure.status === 404 ? 'warning' : 'error'} action={<Button onClick={backToList}>{t('backToList')}</Button>}>
        {failure.status === 404 ? t('notFound', { singular: inSentence(def.singular) }) : t('loadFailed', { message: failure.message })}
        {failure.status !== 404 ? <Button onClick={() => void refetch()}>{t('tryAgain')}</Button> : null}
      </Alert>
    );
  }
  if (editing && canUpdate && !def.readOnly && editableNow(def, data)) {
    return (
      <Section title={t('editTitle', { title })}>
        <RecordForm key={data.id} def={def} record={data} lockedFields={lockedFields} extension={formExtension} onSaved={() => go({ edit: null })} onCancel={() => go({ edit: null })} />
      </Section>
    );
  }
  return (
    <Box>
      <RecordView def={def} record={data} canUpdate={canUpdate && editableNow(def, data)} canRemove={canUpdate} canDo={(action) => checker.can(def.entity, action)} onEdit={() => go({ edit: '1' })} onClose={backToList} />
      {renderExtra ? <Box sx={{ mt: 2 }}>{renderExtra(data)}</Box> : null}
    </Box>
  );
}

function Section({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 960 }}>
      <Typography variant="h5" component="h2" sx={{ mb: intro ? 1 : 2.5 }}>
        {title}
      </Typography>
      {intro ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2.5 }}>
          {intro}
        </Typography>
      ) : null}
      {children}
    </Paper>
  );
}
