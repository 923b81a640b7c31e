import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Formik, useFormikContext, type FormikErrors } from 'formik';
import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import {
  FormRuntimeContext,
  type FormRuntime,
  currentItem,
  toFormValues,
  type FieldProblem,
  type FieldSpec,
  ControlNode,
  type FieldValidation,
  type FormControl,
  type FormValues,
} from '../../forms';
import '../i18n';
import { bulkFormQuery, bulkUpdateItems, type BulkUpdateResult } from './api';
import { bulkChoices, bulkValues, checkBulk, serverFieldErrors, withParents, type BulkChoice } from './fields';

export interface BulkEditDialogProps {
  componentId: number;
  /** The list's form (0: the type's first), whose writable fields a bulk edit offers. */
  formId: number;
  ids: number[];
  onClose: () => void;
  /** After the items were written. */
  onDone: (result: BulkUpdateResult) => void;
}

/**
 * Bulk edit (form mode 3): the user picks fields of the list's form and their values; every
 * selected item gets them (bulkUpdateItems, all or nothing). The fields are the form renderer's own
 * controls, so they format, mask and check values as the form does.
 */
export default function BulkEditDialog({ componentId, formId, ids, onClose, onDone }: BulkEditDialogProps) {
  const { t, i18n } = useTranslation('items');
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const form = useQuery(bulkFormQuery(componentId, formId, lang));
  const choices = useMemo(() => (form.data ? bulkChoices(form.data.controls) : []), [form.data]);

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby="bulk-edit-title">
      <DialogTitle id="bulk-edit-title" sx={{ pr: 6 }}>
        {t('bulk.title')}
        <Typography variant="body2" color="text.secondary">
          {t('bulk.subtitle', { count: ids.length })}
        </Typography>
        <IconButton aria-label={t('bulk.close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      {form.isPending && (
        <DialogContent aria-busy="true" aria-label={t('bulk.loading')}>
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={120} sx={{ mt: 2 }} />
        </DialogContent>
      )}
      {form.isError && (
        <DialogContent>
          <Alert severity="error">{form.error.message}</Alert>
        </DialogContent>
      )}
      {form.data && (
        <BulkForm
          componentId={componentId}
          formId={form.data.id}
          ids={ids}
          choices={choices}
          onClose={onClose}
          onDone={onDone}
        />
      )}
    </Dialog>
  );
}

interface BulkFormProps {
  componentId: number;
  formId: number;
  ids: number[];
  choices: BulkChoice[];
  onClose: () => void;
  onDone: (result: BulkUpdateResult) => void;
}

function BulkForm(props: BulkFormProps) {
  const { t } = useTranslation('forms');
  const allFields = useMemo(() => props.choices.flatMap((c) => c.fields), [props.choices]);
  // Every offered field starts empty: a bulk edit shows no item's values.
  const initialValues = useMemo(() => toFormValues(allFields, {}), [allFields]);
  const [picked, setPicked] = useState<BulkChoice[]>([]);
  const validate = (values: FormValues): FormikErrors<FormValues> =>
    Object.fromEntries(
      Object.entries(checkBulk(picked, values)).map(([key, problem]) => [key, problemText(t, problem)]),
    );
  return (
    <Formik
      initialValues={initialValues}
      validate={validate}
      validateOnChange={false}
      validateOnBlur
      onSubmit={() => undefined}
    >
      <BulkBody {...props} allFields={allFields} picked={picked} setPicked={setPicked} />
    </Formik>
  );
}

type Translate = ReturnType<typeof useTranslation<'forms'>>['t'];

const problemText = (t: Translate, problem: FieldProblem) => t(`validation.${problem.key}`, problem.params ?? {});

interface BodyProps extends BulkFormProps {
  allFields: FieldSpec[];
  picked: BulkChoice[];
  setPicked: (next: BulkChoice[]) => void;
}

function BulkBody({ componentId, formId, ids, choices, onClose, onDone, allFields, picked, setPicked }: BodyProps) {
  const { t } = useTranslation('items');
  const { enqueueSnackbar } = useSnackbar();
  const formik = useFormikContext<FormValues>();
  const { values, validateForm, setErrors, setTouched, setFieldValue } = formik;
  const [attempts, setAttempts] = useState(0);

  const runtime = useMemo<FormRuntime>(() => {
    const fieldsByControl = new Map<object, FieldSpec[]>();
    for (const choice of choices) fieldsByControl.set(choice.control, choice.fields);
    return {
      componentId,
      formId,
      item: { id: 0 },
      liveItem: currentItem(allFields, values, {}),
      display: {},
      fieldsByControl,
      readOnly: false,
      attempts,
    };
  }, [choices, componentId, formId, allFields, values, attempts]);

  const save = useMutation({
    mutationFn: () => bulkUpdateItems({ ids, componentId, formID: formId, values: bulkValues(picked, values) }),
    onSuccess: (result) => {
      const unchanged = ids.length - result.updated;
      enqueueSnackbar(
        unchanged > 0
          ? `${t('bulk.updated', { count: result.updated })} ${t('bulk.unchanged', { count: unchanged })}`
          : t('bulk.updated', { count: result.updated }),
        {
          variant: 'success',
        },
      );
      onDone(result);
    },
    onError: (error: Error) => {
      const validations = isApiError(error)
        ? (error.body as { Validations?: FieldValidation[] } | undefined)?.Validations
        : undefined;
      const onFields = serverFieldErrors(validations, picked);
      if (Object.keys(onFields).length > 0) {
        void setTouched(
          { ...formik.touched, ...Object.fromEntries(Object.keys(onFields).map((k) => [k, true])) },
          false,
        );
        setErrors(onFields);
        setAttempts((n) => n + 1);
      }
      enqueueSnackbar(error.message, { variant: isApiError(error) && error.status < 500 ? 'warning' : 'error' });
    },
  });

  const submit = async () => {
    const errors = await validateForm();
    const keys = Object.keys(errors);
    if (keys.length > 0) {
      void setTouched(Object.fromEntries(keys.map((k) => [k, true])), false);
      setAttempts((n) => n + 1);
      return;
    }
    save.mutate();
  };

  const pick = (next: BulkChoice[]) => {
    const withParent = withParents(next, choices);
    // A field taken out of the edit starts empty again if it comes back.
    for (const gone of picked.filter((c) => !withParent.includes(c))) {
      for (const field of gone.fields) void setFieldValue(field.key, formik.initialValues[field.key], false);
    }
    setPicked(withParent);
  };

  return (
    <>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          <Autocomplete<BulkChoice, true>
            multiple
            options={choices}
            value={picked}
            onChange={(_event, next) => pick(next)}
            getOptionLabel={(choice) => choice.label}
            isOptionEqualToValue={(a, b) => a.key === b.key}
            filterSelectedOptions
            noOptionsText={t('bulk.noFields')}
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('bulk.fields')}
                placeholder={picked.length ? '' : t('bulk.fieldsPlaceholder')}
              />
            )}
          />
          {picked.length === 0 ? (
            <Typography color="text.secondary" sx={{ py: 2 }}>
              {t('bulk.pickFirst')}
            </Typography>
          ) : (
            <FormRuntimeContext.Provider value={runtime}>
              <Box
                component="form"
                noValidate
                aria-label={t('bulk.formLabel')}
                onSubmit={(event) => (event.preventDefault(), void submit())}
              >
                <Stack spacing={2.5}>
                  {picked.map((choice) => (
                    <PickedField
                      key={choice.key}
                      control={choice.control}
                      label={choice.label}
                      onRemove={() => pick(picked.filter((c) => c !== choice))}
                    />
                  ))}
                </Stack>
              </Box>
            </FormRuntimeContext.Provider>
          )}
          <Alert severity="info" variant="outlined">
            {t('bulk.hint', { count: ids.length })}
          </Alert>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose}>{t('bulk.cancel')}</Button>
        <Button
          variant="contained"
          disabled={picked.length === 0 || save.isPending}
          onClick={() => void submit()}
          startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {t('bulk.apply', { count: ids.length })}
        </Button>
      </DialogActions>
    </>
  );
}

/** One picked field: the form's own control, and a button to leave the field out again. */
function PickedField({ control, label, onRemove }: { control: FormControl; label: string; onRemove: () => void }) {
  const { t } = useTranslation('items');
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <ControlNode control={control} />
      </Box>
      <IconButton aria-label={t('bulk.removeField', { field: label })} onClick={onRemove} sx={{ mt: 1 }}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}
