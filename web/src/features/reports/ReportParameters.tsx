import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../components/DateInput';
import type { Choice, ReportResult } from './api';
import { addressDate, DATE_FORMAT, shownDate, type FilledParams } from './params';
import './i18n';

export interface ReportParametersProps {
  report: ReportResult;
  value: FilledParams;
  onApply: (value: FilledParams) => void;
  onExport: () => void;
  exporting: boolean;
}

/** The parameters the report offers (period, project, status, responsible), applied together. */
export function ReportParameters({ report, value, onApply, onExport, exporting }: ReportParametersProps) {
  const { t } = useTranslation('reports');
  const [draft, setDraft] = useState<FilledParams>(value);
  const [dates, setDates] = useState({ from: shownDate(value.from), to: shownDate(value.to) });
  const [checked, setChecked] = useState(false);
  const offers = (kind: string) => report.parameters.includes(kind as never);
  const from = addressDate(dates.from);
  const to = addressDate(dates.to);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    if (from === undefined || to === undefined) return;
    onApply({ ...draft, from, to });
  };
  const dateError = (v: string | undefined) => (checked && v === undefined ? t('form.badDate') : undefined);
  const select = { inputLabel: { shrink: true }, select: { displayEmpty: true } };
  const choice = (key: 'project' | 'status' | 'responsible', label: string, all: string, options: Choice[] = []) => (
    <TextField
      select
      size="small"
      label={label}
      value={draft[key]}
      onChange={(e) => setDraft({ ...draft, [key]: Number(e.target.value) })}
      sx={{ width: 220 }}
      slotProps={select}
    >
      <MenuItem value={0}>{all}</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.id} value={o.id}>
          {o.name}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Stack
      component="form"
      aria-label={t('form.title')}
      onSubmit={submit}
      direction="row"
      useFlexGap
      sx={{ gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}
    >
      {offers('period') && (
        <>
          <DateInput
            name="from"
            label={t('form.from')}
            format={DATE_FORMAT}
            value={dates.from}
            onChange={(text) => setDates({ ...dates, from: text })}
            error={Boolean(dateError(from))}
            helperText={dateError(from)}
            size="small"
            sx={{ width: 180 }}
          />
          <DateInput
            name="to"
            label={t('form.to')}
            format={DATE_FORMAT}
            value={dates.to}
            onChange={(text) => setDates({ ...dates, to: text })}
            error={Boolean(dateError(to))}
            helperText={dateError(to)}
            size="small"
            sx={{ width: 180 }}
          />
        </>
      )}
      {offers('project') && choice('project', t('form.project'), t('form.allProjects'), report.choices.projects)}
      {offers('status') && choice('status', t('form.status'), t('form.allStatuses'), report.choices.statuses)}
      {offers('responsible') &&
        choice('responsible', t('form.responsible'), t('form.anyone'), report.choices.responsibles)}
      {report.parameters.length > 0 && (
        <Button type="submit" variant="contained">
          {t('form.apply')}
        </Button>
      )}
      <Button variant="outlined" onClick={onExport} disabled={exporting}>
        {t('form.exportExcel')}
      </Button>
    </Stack>
  );
}
