import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import PlaylistAddOutlined from '@mui/icons-material/PlaylistAddOutlined';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Formik, useFormikContext, type FormikErrors, type FormikTouched } from 'formik';
import { useSnackbar } from 'notistack';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, useNavigate } from 'react-router';
import { useDialogs } from '../../components/dialogs/useDialogs';
import { isApiError, type ApiError } from '../../api/client';
import { DeleteItemsDialog } from '../deletion';
import { formKeys, refreshItem, saveItem, type InitialDataRequest } from './api';
import { FormRuntimeContext, type FormRuntime } from './context';
import { formatDateTime } from './display';
import {
  checkFields,
  currentItem,
  fieldsOf,
  itemKeyOf,
  shownFieldKeys,
  toFormValues,
  toSaveItem,
  type FieldProblem,
  type FieldSpec,
} from './fields';
import { ChangeRules } from './controls/ChangeRules';
import { FormActions } from './FormActions';
import { ControlNode } from './FormRenderer';
import { StaleSaveDialog } from './StaleSaveDialog';
import type { FieldValidation, FormInitialData, FormItem, FormValues, SaveItemResult } from './types';
import { useFormBase } from './useFormBase';
import { textOn } from '../../theme/contrast';

interface Snapshot {
  item: FormItem;
  display: Record<string, string>;
  ticks: number;
  isNew: boolean;
  canEdit: boolean;
  /** Why the caller may not edit the item (the server's words). */
  cannotEditReason?: string;
}

const snapshotOf = (data: FormInitialData): Snapshot => ({
  item: data.item,
  display: data.display ?? {},
  ticks: data.modificationDateTicks,
  isNew: data.isNew,
  canEdit: data.canEdit,
  cannotEditReason: data.cannotEditReason,
});

/** The item form: header, the rendered tree, and the save bar. */
export function ItemForm({
  data,
  request,
  reload,
}: {
  data: FormInitialData;
  request: InitialDataRequest;
  reload: () => void;
}) {
  const { t } = useTranslation('forms');
  const tree = data.form.controls;
  const fields = useMemo(() => fieldsOf(tree), [tree]);
  const [snapshot, setSnapshot] = useState(() => snapshotOf(data));
  // Save and clear starts a new item; the form restarts with it.
  const [generation, setGeneration] = useState(0);
  const initialValues = useMemo(() => toFormValues(fields, snapshot.item), [fields, snapshot.item]);

  const validate = (values: FormValues): FormikErrors<FormValues> => {
    const live = currentItem(fields, values, snapshot.item);
    const problems = checkFields(fields, values, shownFieldKeys(tree, fields, live));
    return Object.fromEntries(Object.entries(problems).map(([key, problem]) => [key, problemText(t, problem)]));
  };

  return (
    <Formik
      key={generation}
      initialValues={initialValues}
      validate={validate}
      validateOnChange={false}
      validateOnBlur
      onSubmit={() => undefined}
    >
      <FormBody
        data={data}
        request={request}
        fields={fields}
        snapshot={snapshot}
        onSaved={(next) => setSnapshot(next)}
        onCleared={(next) => {
          setSnapshot(next);
          setGeneration((g) => g + 1);
        }}
        reload={reload}
      />
    </Formik>
  );
}

type Translate = ReturnType<typeof useTranslation<'forms'>>['t'];

function problemText(t: Translate, problem: FieldProblem): string {
  return t(`validation.${problem.key}`, problem.params ?? {});
}

interface BodyProps {
  data: FormInitialData;
  request: InitialDataRequest;
  fields: FieldSpec[];
  snapshot: Snapshot;
  onSaved: (next: Snapshot) => void;
  onCleared: (next: Snapshot) => void;
  reload: () => void;
}

function FormBody({ data, request, fields, snapshot, onSaved, onCleared, reload }: BodyProps) {
  const { t } = useTranslation('forms');
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const base = useFormBase();
  const queryClient = useQueryClient();
  const formik = useFormikContext<FormValues>();
  const { values, validateForm, setTouched, setErrors, resetForm, dirty } = formik;
  const [stale, setStale] = useState<string | null>(null);
  const [attempts, setAttempts] = useState(0);
  const [deleting, setDeleting] = useState(false);
  const { confirm } = useDialogs();
  // Set when the page itself moves on (a new item saved opens its edit page): nothing to ask.
  const leaving = useRef(false);
  const form = data.form;
  const itemId = Number(snapshot.item.id ?? 0);
  const readOnly = !snapshot.canEdit;

  const runtime = useMemo<FormRuntime>(() => {
    const fieldsByControl = new Map<object, FieldSpec[]>();
    for (const field of fields) fieldsByControl.set(field.owner, [...(fieldsByControl.get(field.owner) ?? []), field]);
    return {
      componentId: form.componentID,
      formId: form.id,
      item: snapshot.item,
      liveItem: currentItem(fields, values, snapshot.item),
      display: snapshot.display,
      fieldsByControl,
      readOnly,
      attempts,
    };
  }, [fields, form.componentID, form.id, snapshot, values, readOnly, attempts]);

  // Someone else may save the item while it is open: ask on focus and every minute (refreshItem).
  const freshness = useQuery({
    queryKey: [...formKeys.all, 'refresh', itemId, snapshot.ticks],
    queryFn: () => refreshItem(itemId, form.componentID, snapshot.ticks),
    enabled: itemId > 0,
    refetchOnWindowFocus: true,
    refetchInterval: 60_000,
    staleTime: 15_000,
  });

  const save = useMutation({
    mutationFn: (saveAndClear: boolean) =>
      saveItem({
        item: toSaveItem(fields, values, snapshot.item, snapshot.ticks),
        component: form.componentID,
        projectId: Number(snapshot.item.ProjectID ?? request.projectID ?? 0) || undefined,
        saveAndClear,
        formID: form.id,
      }),
    onSuccess: (result: SaveItemResult, saveAndClear) => {
      enqueueSnackbar(result.Message || t('save.saved'), { variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: formKeys.history(result.id) });
      if (saveAndClear && result.next) {
        // The next item keeps the parent the page was opened for (saveItem's next does not carry it).
        const next = snapshotOf(result.next);
        if (next.item.Parent == null && snapshot.item.Parent != null)
          next.item = { ...next.item, Parent: snapshot.item.Parent, ParentTitle: snapshot.item.ParentTitle };
        onCleared(next);
        return;
      }
      if (snapshot.isNew) {
        leaving.current = true;
        navigate(`${base}/editItem/${form.componentID}/${result.id}/${form.id}`, { replace: true });
        return;
      }
      const next: Snapshot = {
        item: result.item,
        display: result.display ?? {},
        ticks: result.modificationDateTicks,
        isNew: false,
        canEdit: true,
      };
      onSaved(next);
      resetForm({ values: toFormValues(fields, result.item) });
    },
    onError: (error: Error) => {
      if (!isApiError(error)) {
        enqueueSnackbar(error.message, { variant: 'error' });
        return;
      }
      if (error.status === 409) {
        setStale(error.message);
        return;
      }
      const placed = placeFieldErrors(error);
      enqueueSnackbar(error.message, { variant: error.status === 403 || placed ? 'warning' : 'error' });
    },
  });

  /** Server field messages (Validations) land on their fields. */
  function placeFieldErrors(error: ApiError): boolean {
    const validations = (error.body as { Validations?: FieldValidation[] } | undefined)?.Validations;
    if (!Array.isArray(validations) || validations.length === 0) return false;
    const keys = new Set(fields.map((f) => f.key));
    const errors: FormikErrors<FormValues> = {};
    const touched: FormikTouched<FormValues> = {};
    for (const v of validations) {
      const key = itemKeyOf(v.Field);
      if (!keys.has(key)) continue;
      errors[key] = v.Message;
      touched[key] = true;
    }
    void setTouched({ ...formik.touched, ...touched }, false);
    setErrors(errors);
    setAttempts((n) => n + 1);
    return Object.keys(errors).length > 0;
  }

  async function submit(saveAndClear: boolean) {
    const errors = await validateForm();
    await setTouched(Object.fromEntries(fields.map((f) => [f.key, true])), false);
    setAttempts((n) => n + 1);
    const failing = fields.filter((f) => errors[f.key]);
    if (failing.length > 0) {
      const labels = [...new Set(failing.map((f) => f.control.label || f.key))];
      enqueueSnackbar(t('save.checkFields', { fields: labels.join(', ') }), { variant: 'warning' });
      return;
    }
    save.mutate(saveAndClear);
  }

  const goBack = () => {
    if (window.history.length > 1) navigate(-1);
    else navigate(base || '/app');
  };

  // Leaving for another page of the application with unsaved changes asks first.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    confirm(t('leave.message'), t('leave.title')).then(
      () => blocker.proceed(),
      () => blocker.reset(),
    );
  }, [blocker, confirm, t]);

  // Leaving the page (closing the tab, reloading) with unsaved changes asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const changedBy = freshness.data?.changed ? freshness.data : null;
  const item = snapshot.item;

  return (
    <FormRuntimeContext.Provider value={runtime}>
      <Box
        component="form"
        noValidate
        aria-label={form.name}
        onSubmit={(event) => {
          event.preventDefault();
          // Only the item form's own submit saves (a dialog's form inside a portal bubbles here too).
          if (event.target === event.currentTarget) void submit(false);
        }}
        sx={{ p: { xs: 1.5, md: 3 }, pb: 0, maxWidth: 1280, mx: 'auto' }}
      >
        <FormHeader data={data} snapshot={snapshot} />

        {readOnly && (
          <Alert severity="warning" icon={<LockOutlined />} sx={{ mb: 2 }}>
            {snapshot.isNew
              ? Number(item.ProjectID ?? 0) === 0
                ? t('page.needsProject')
                : t('page.cannotCreate')
              : snapshot.cannotEditReason || t('page.cannotEdit')}
          </Alert>
        )}
        {changedBy && !stale && (
          <Alert
            severity="warning"
            sx={{ mb: 2 }}
            action={
              <Button color="inherit" size="small" onClick={reload}>
                {t('stale.reload')}
              </Button>
            }
          >
            {t('stale.banner', { name: changedBy.modifierName, version: changedBy.version })}
          </Alert>
        )}

        <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, borderRadius: 2 }}>
          <ControlNode control={form.controls} />
        </Paper>
        {!readOnly && fields.some((f) => f.control.onChange) && <ChangeRules fields={fields} />}

        <Paper
          variant="outlined"
          sx={{
            position: 'sticky',
            bottom: 12,
            my: 2,
            px: 2,
            py: 1.25,
            display: 'flex',
            gap: 1,
            alignItems: 'center',
            borderRadius: 2,
            zIndex: 2,
            boxShadow: (theme) => theme.shadows[3],
          }}
        >
          <Button startIcon={<ArrowBackOutlined />} onClick={goBack}>
            {t('actions.back')}
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ ml: 1, display: { xs: 'none', sm: 'block' } }}>
            {dirty ? t('save.unsaved') : ''}
          </Typography>
          <Box sx={{ flexGrow: 1 }} />
          {!snapshot.isNew && data.canDelete && itemId > 0 && (
            <Button
              color="error"
              startIcon={<DeleteOutlinedIcon />}
              disabled={save.isPending}
              aria-haspopup="dialog"
              onClick={() => setDeleting(true)}
            >
              {t('actions.delete')}
            </Button>
          )}
          {!snapshot.isNew && !readOnly && itemId > 0 && (
            <FormActions
              componentId={form.componentID}
              itemId={itemId}
              dirty={dirty}
              disabled={save.isPending}
              save={() => void submit(false)}
              onMoved={() => {
                // The status, the version and the history changed on the server: read the item again.
                void queryClient.invalidateQueries({ queryKey: formKeys.history(itemId) });
                reload();
              }}
            />
          )}
          {snapshot.isNew && !readOnly && (
            <Button
              variant="outlined"
              disabled={save.isPending}
              startIcon={save.isPending && save.variables ? <CircularProgress size={16} /> : <PlaylistAddOutlined />}
              onClick={() => void submit(true)}
            >
              {t('actions.saveAndClear')}
            </Button>
          )}
          {!readOnly && (
            <Button
              type="submit"
              variant="contained"
              disabled={save.isPending}
              startIcon={
                save.isPending && !save.variables ? <CircularProgress size={16} color="inherit" /> : <SaveOutlined />
              }
            >
              {t('actions.save')}
            </Button>
          )}
        </Paper>
      </Box>
      {deleting && (
        <DeleteItemsDialog
          componentId={form.componentID}
          ids={[itemId]}
          name={`${String(snapshot.item.FormattedID)} - ${String(snapshot.item.Title ?? '')}`}
          onClose={() => setDeleting(false)}
          onDeleted={() => {
            // The item is gone: its unsaved changes with it, so leaving asks nothing.
            leaving.current = true;
            goBack();
          }}
        />
      )}
      <StaleSaveDialog
        message={stale}
        onReload={() => {
          setStale(null);
          reload();
        }}
        onKeepEditing={() => setStale(null)}
      />
    </FormRuntimeContext.Provider>
  );
}

function FormHeader({ data, snapshot }: { data: FormInitialData; snapshot: Snapshot }) {
  const { t } = useTranslation('forms');
  const item = snapshot.item;
  const isNew = snapshot.isNew;
  return (
    <Box sx={{ mb: 2, display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2 }}>
      <Box sx={{ minWidth: 0, flex: '1 1 320px' }}>
        <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.5 }}>
          {isNew
            ? t('page.newItem', { type: data.form.componentName })
            : `${data.form.componentName} #${String(item.FormattedID ?? '')}`}
        </Typography>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {isNew ? t('page.newTitle', { form: data.form.name }) : String(item.Title || t('page.untitled'))}
        </Typography>
        {!isNew && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {t('page.meta', {
              creator: String(item.CreatorName ?? ''),
              created: formatDateTime(item.CreationDate),
              modifier: String(item.ModifierName ?? ''),
              modified: formatDateTime(item.LastModify),
            })}
          </Typography>
        )}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        {typeof item.StatusName === 'string' && item.StatusName && (
          <Chip
            label={item.StatusName}
            size="small"
            aria-label={t('page.status', { status: item.StatusName })}
            sx={{
              bgcolor: String(item.StatusColor || '') || undefined,
              color: textOn(String(item.StatusColor || '')),
              fontWeight: 600,
            }}
          />
        )}
        {typeof item.ProjectName === 'string' && item.ProjectName && (
          <Chip label={t('page.project', { project: item.ProjectName })} size="small" variant="outlined" />
        )}
        {typeof item.Parent === 'number' && item.Parent > 0 && (
          <Chip
            label={t('page.parent', { parent: String(item.ParentTitle || `#${item.Parent}`) })}
            size="small"
            variant="outlined"
          />
        )}
        {!isNew && (
          <Chip label={t('page.version', { version: Number(item.Version ?? 0) })} size="small" variant="outlined" />
        )}
      </Box>
    </Box>
  );
}
