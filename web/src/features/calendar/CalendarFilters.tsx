import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { CalendarItems, Named } from './api';
import './i18n';

export interface Filters {
  projectId: number;
  componentId: number;
  responsibleId: number;
}

export interface CalendarFiltersProps {
  data: CalendarItems | undefined;
  filters: Filters;
  onChange: (filters: Filters) => void;
  /** The responsible a filter chose, kept among the options when the range has none of their items. */
  chosenResponsible: Named | null;
}

/** The filters above the calendar: project, type (when there are several) and responsible (not in the agenda). */
export function CalendarFilters({ data, filters, onChange, chosenResponsible }: CalendarFiltersProps) {
  const { t } = useTranslation('calendar');
  const users = [...(data?.users ?? [])];
  if (chosenResponsible && !users.some((u) => u.id === chosenResponsible.id)) users.push(chosenResponsible);
  const select = { inputLabel: { shrink: true }, select: { displayEmpty: true } };
  return (
    <Stack direction="row" useFlexGap sx={{ mb: 2, gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
      <TextField
        select
        size="small"
        label={t('project')}
        value={filters.projectId}
        onChange={(e) => onChange({ ...filters, projectId: Number(e.target.value) })}
        sx={{ width: 240 }}
        slotProps={select}
      >
        <MenuItem value={0}>{t('allProjects')}</MenuItem>
        {(data?.projects ?? []).map((p) => (
          <MenuItem key={p.id} value={p.id}>
            {p.name}
          </MenuItem>
        ))}
      </TextField>
      {(data?.types.length ?? 0) > 1 && (
        <TextField
          select
          size="small"
          label={t('type')}
          value={filters.componentId}
          onChange={(e) => onChange({ ...filters, componentId: Number(e.target.value) })}
          sx={{ width: 240 }}
          slotProps={select}
        >
          <MenuItem value={0}>{t('allTypes')}</MenuItem>
          {(data?.types ?? []).map((c) => (
            <MenuItem key={c.componentId} value={c.componentId}>
              {data?.agenda ? `${c.name} (${c.applicationName})` : c.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      {!data?.agenda && (
        <TextField
          select
          size="small"
          label={t('responsible')}
          value={filters.responsibleId}
          onChange={(e) => onChange({ ...filters, responsibleId: Number(e.target.value) })}
          sx={{ width: 240 }}
          slotProps={select}
        >
          <MenuItem value={0}>{t('anyone')}</MenuItem>
          {users.map((u) => (
            <MenuItem key={u.id} value={u.id}>
              {u.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    </Stack>
  );
}
