import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormikContext } from 'formik';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useField, useFormRuntime } from './context';
import { AddressField } from './controls/AddressField';
import { Attachments } from './controls/Attachments';
import { DateField } from './controls/DateField';
import { FileChooser } from './controls/FileChooser';
import { HistoryView } from './controls/HistoryView';
import { ImageField } from './controls/ImageField';
import { ItemLinks } from './controls/ItemLinks';
import { ManyToMany } from './controls/ManyToMany';
import { MaskedField } from './controls/MaskedField';
import { NotAvailable } from './controls/NotAvailable';
import { NumericField } from './controls/NumericField';
import { PicklistDropdown, RadioGroupField } from './controls/PicklistField';
import { Predecessors } from './controls/Predecessors';
import { ProjectCalendar } from './controls/project/ProjectCalendar';
import { ProjectConfiguration } from './controls/project/ProjectConfiguration';
import { ProjectItemTypes } from './controls/project/ProjectItemTypes';
import { ProjectResources } from './controls/project/ProjectResources';
import { ProjectWorkflows } from './controls/project/ProjectWorkflows';
import { ReferenceField } from './controls/ReferenceField';
import { RelatedItems } from './controls/RelatedItems';
import { RichTextField } from './controls/RichTextField';
import { RuleButton } from './controls/RuleButton';
import { SectionTitle } from './controls/SectionTitle';
import { Timesheets } from './controls/Timesheets';
import { formatDateTime } from './display';
import { allControls, isControlShown, type FieldSpec } from './fields';
import { formatNumber, numberFormatOf } from '../../lib/numeric';
import { referenceSourceOf } from '../../api/referenceSources';
import type { FormControl, FormValues } from './types';
import './i18n';

const CONTAINERS = new Set(['panel', 'group box', 'tab control']);

function TextInput({ field }: { field: FieldSpec }) {
  const { control } = field;
  const { value, error, disabled, setValue, touch } = useField(field);
  const multiline = control.kind === 'formatted text' || (control.maxLength ?? 0) > 500;
  return (
    <TextField
      fullWidth
      label={control.label}
      required={control.required}
      disabled={disabled}
      value={String(value ?? '')}
      multiline={multiline}
      minRows={multiline ? 3 : undefined}
      onChange={(event) => setValue(event.target.value)}
      onBlur={touch}
      error={Boolean(error)}
      helperText={error}
      slotProps={{ htmlInput: { maxLength: control.maxLength, name: field.key } }}
    />
  );
}

function CheckboxInput({ field }: { field: FieldSpec }) {
  const { value, error, disabled, setValue } = useField(field);
  return (
    <Box>
      <FormControlLabel
        disabled={disabled}
        control={
          <Checkbox name={field.key} checked={value === true} onChange={(event) => setValue(event.target.checked)} />
        }
        label={field.control.label}
      />
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}

/** A read-only value of the item (label control): system fields such as Version, dates as DD/MM/YYYY HH:mm. */
function ValueLabel({ control }: { control: FormControl }) {
  const { liveItem, display } = useFormRuntime();
  const field = control.field ?? '';
  const raw = liveItem[field];
  const shown =
    display[field] ??
    (typeof raw === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(raw)
      ? formatDateTime(raw)
      : raw === null || raw === undefined
        ? ''
        : String(raw));
  return (
    <Box>
      {control.label && (
        <Typography variant="caption" color="text.secondary" component="div">
          {control.label}
        </Typography>
      )}
      <Typography variant="body1">{control.text || shown || '—'}</Typography>
    </Box>
  );
}

/** Indicator: a number of the item shown large; a percentage also as a bar. */
function Indicator({ control }: { control: FormControl }) {
  const { liveItem } = useFormRuntime();
  const raw = liveItem[control.field ?? ''];
  const value = typeof raw === 'number' ? raw : null;
  const percent = control.attributeType === 'PERCENTILE';
  return (
    <Paper variant="outlined" sx={{ px: 2, py: 1.5 }} role="group" aria-label={control.label}>
      <Typography variant="caption" color="text.secondary">
        {control.label}
      </Typography>
      <Typography variant="h5" component="div" sx={{ fontWeight: 600 }}>
        {value === null
          ? '—'
          : `${control.prefix ?? ''}${formatNumber(value, numberFormatOf(control))}${control.suffix ?? ''}`}
      </Typography>
      {percent && (
        <LinearProgress
          variant="determinate"
          value={Math.max(0, Math.min(100, value ?? 0))}
          sx={{ mt: 1, height: 6, borderRadius: 3 }}
        />
      )}
    </Paper>
  );
}

function FieldControl({ control }: { control: FormControl }) {
  const { fieldsByControl } = useFormRuntime();
  const fields = fieldsByControl.get(control) ?? [];
  const field = fields[0];
  if (!field) return <NotAvailable control={control} />;
  switch (field.kind) {
    case 'number':
      return <NumericField field={field} />;
    case 'date':
      return <DateField field={field} />;
    case 'masked':
    case 'phone':
      return <MaskedField field={field} />;
    case 'richText':
      return <RichTextField field={field} />;
    case 'boolean':
      return <CheckboxInput field={field} />;
    case 'choice':
    case 'booleanChoice':
      return control.kind === 'radio group' ? <RadioGroupField field={field} /> : <PicklistDropdown field={field} />;
    case 'reference': {
      const source = referenceSourceOf(control.attributeType, control.kind);
      return source ? <ReferenceField field={field} source={source} /> : <NotAvailable control={control} />;
    }
    case 'zip':
      return <AddressField field={field} parts={fields.slice(1)} />;
    case 'image':
      return <ImageField field={field} />;
    default:
      return <TextInput field={field} />;
  }
}

function Leaf({ control }: { control: FormControl }) {
  switch (control.kind) {
    case 'label':
      return <ValueLabel control={control} />;
    case 'indicator':
      return <Indicator control={control} />;
    case 'html':
      // The server passes a form's HTML through its allow-list sanitiser (getForm).
      return (
        <Box
          sx={{ typography: 'body2', color: 'text.secondary', '& p': { my: 0.5 } }}
          dangerouslySetInnerHTML={{ __html: control.text ?? '' }}
        />
      );
    case 'notification':
      return <Alert severity="info">{control.text}</Alert>;
    case 'button':
      return <RuleButton control={control} />;
    case 'history':
      return <HistoryView />;
    case 'one-to-many':
    case 'timeline':
    case 'data grid':
      return <RelatedItems control={control} />;
    case 'attachments':
      return <Attachments control={control} />;
    case 'file chooser':
      return <FileChooser control={control} />;
    case 'many-to-many':
      return <ManyToMany control={control} />;
    case 'item links':
      return <ItemLinks control={control} />;
    case 'predecessors':
      return <Predecessors control={control} />;
    case 'timesheets':
      return <Timesheets control={control} />;
    case 'project calendar':
      return <ProjectCalendar control={control} />;
    case 'project configuration':
      return <ProjectConfiguration control={control} />;
    case 'project item type':
      return <ProjectItemTypes control={control} />;
    case 'project resource':
      return <ProjectResources control={control} />;
    case 'project workflows':
      return <ProjectWorkflows control={control} />;
    default:
      return control.field ? <FieldControl control={control} /> : <NotAvailable control={control} />;
  }
}

/** Whether a field under this control has an error the user has been shown. */
function useHasError(control: FormControl): boolean {
  const { errors, touched } = useFormikContext<FormValues>();
  const { fieldsByControl } = useFormRuntime();
  return allControls(control).some((c) => (fieldsByControl.get(c) ?? []).some((f) => errors[f.key] && touched[f.key]));
}

function TabLabel({ control }: { control: FormControl }) {
  const { t } = useTranslation('forms');
  const hasError = useHasError(control);
  return (
    <Badge
      color="error"
      variant="dot"
      invisible={!hasError}
      aria-label={hasError ? t('form.tabHasErrors', { tab: control.label }) : undefined}
      sx={{ '& .MuiBadge-dot': { right: -6 } }}
    >
      {control.label}
    </Badge>
  );
}

function TabControl({ control }: { control: FormControl }) {
  const { liveItem, fieldsByControl, attempts } = useFormRuntime();
  const { errors } = useFormikContext<FormValues>();
  const tabs = (control.children ?? []).filter((c) => isControlShown(c, liveItem));
  const [active, setActive] = useState(0);
  const current = Math.min(active, Math.max(0, tabs.length - 1));

  // After a save attempt (or the server's field messages), open the first tab holding a refused
  // field (its dot marks the others): adjusted while rendering, as React advises for derived state.
  const [seen, setSeen] = useState(attempts);
  if (seen !== attempts) {
    setSeen(attempts);
    const failing = (tab: FormControl) =>
      allControls(tab).some((c) => (fieldsByControl.get(c) ?? []).some((f) => errors[f.key]));
    const first = tabs.findIndex(failing);
    if (first >= 0) setActive(first);
  }

  return (
    <Box>
      <Tabs
        value={current}
        onChange={(_event, next: number) => setActive(next)}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}
      >
        {tabs.map((tab, index) => (
          <Tab
            key={tab.key ?? tab.label ?? index}
            label={<TabLabel control={tab} />}
            id={`form-tab-${index}`}
            aria-controls={`form-tabpanel-${index}`}
            sx={{ textTransform: 'none', fontWeight: 500 }}
          />
        ))}
      </Tabs>
      {tabs[current] && (
        <Box role="tabpanel" id={`form-tabpanel-${current}`} aria-labelledby={`form-tab-${current}`}>
          <ContainerBody control={tabs[current]} />
        </Box>
      )}
    </Box>
  );
}

function ContainerBody({ control }: { control: FormControl }) {
  const { liveItem } = useFormRuntime();
  return (
    <Grid container spacing={2.5}>
      {(control.children ?? [])
        .filter((child) => isControlShown(child, liveItem))
        .map((child, index) => (
          <Grid
            key={`${index}-${child.kind}`}
            size={{ xs: 12, md: CONTAINERS.has(child.kind) ? 12 : child.width || 12 }}
            sx={{ position: 'relative' }}
          >
            <ControlNode control={child} />
          </Grid>
        ))}
    </Grid>
  );
}

function GroupBox({ control, children }: { control: FormControl; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="fieldset" sx={{ m: 0, px: 2.5, pt: 1.5, pb: 2.5, borderRadius: 2 }}>
      {control.label && (
        <Box component="legend" sx={{ px: 0.5 }}>
          <SectionTitle>{control.label}</SectionTitle>
        </Box>
      )}
      {children}
    </Paper>
  );
}

/** Renders one control of getForm's tree and what it holds. */
export function ControlNode({ control }: { control: FormControl }) {
  switch (control.kind) {
    case 'tab control':
      return <TabControl control={control} />;
    case 'group box':
      return (
        <GroupBox control={control}>
          <ContainerBody control={control} />
        </GroupBox>
      );
    case 'panel':
      return (
        <Box>
          {control.label && <SectionTitle>{control.label}</SectionTitle>}
          <ContainerBody control={control} />
        </Box>
      );
    default:
      return <Leaf control={control} />;
  }
}
