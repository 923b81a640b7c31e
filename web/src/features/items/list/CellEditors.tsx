import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ChangeEvent,
  type KeyboardEvent,
  type ReactElement,
} from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import InputBase from '@mui/material/InputBase';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { GridEditSingleSelectCell, useGridApiContext, type GridRenderEditCellParams } from '@mui/x-data-grid';
import { DateTextField } from '../../../components/DateInput';
import { referenceLookup, type ReferenceChoice, type ReferenceSource } from '../../../api/referenceSources';
import { dateEditText, dateFormatOfColumn, numberEditText } from './cellEdit';
import { idFieldOf } from './columns';
import type { ItemColumn, ItemRow } from './types';

interface EditCellProps {
  params: GridRenderEditCellParams<ItemRow>;
  column: ItemColumn;
  lang: string;
  /** The cell's accessible name: the column's header. */
  label: string;
}

/**
 * The input both editors share: the text the user types is the cell's edit value (read by
 * cellEdit.editOutcome on commit); a problem the column's check found is shown under the cell
 * and the grid keeps it in edit mode until it is fixed or Escape cancels.
 */
function TextEditCell({
  params,
  label,
  initial,
  clean,
  start,
  end,
  placeholder,
  inputMode,
  align,
}: EditCellProps & {
  initial: string;
  clean: (text: string) => string;
  start?: string;
  end?: string;
  placeholder?: string;
  inputMode: 'decimal' | 'numeric';
  align: 'left' | 'right';
}) {
  const apiRef = useGridApiContext();
  const { id, field, hasFocus, error } = params;
  // Started by a typed key the grid empties the value and the key lands in the input.
  const [text, setText] = useState(() => (typeof params.value === 'string' ? params.value : initial));
  const input = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    if (hasFocus) input.current?.focus();
  }, [hasFocus]);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const next = clean(event.target.value);
    setText(next);
    void apiRef.current.setEditCellValue({ id, field, value: next }, event);
  };
  const message = typeof error === 'string' ? error : '';
  return (
    <ProblemTip message={message}>
      <InputBase
        inputRef={input}
        value={text}
        onChange={onChange}
        fullWidth
        placeholder={placeholder}
        startAdornment={start ? <InputAdornment position="start">{start}</InputAdornment> : undefined}
        endAdornment={end ? <InputAdornment position="end">{end}</InputAdornment> : undefined}
        inputProps={{ 'aria-label': label, 'aria-invalid': message !== '', inputMode, style: { textAlign: align } }}
        sx={{
          height: '100%',
          px: 1,
          fontSize: 13,
          boxShadow: (theme) => `inset 0 0 0 2px ${message ? theme.palette.error.main : theme.palette.primary.main}`,
        }}
      />
    </ProblemTip>
  );
}

/** The problem the column's check found, shown under the cell being edited. */
function ProblemTip({ message, children }: { message: string; children: ReactElement }) {
  return (
    <Tooltip
      title={message}
      open={message !== ''}
      placement="bottom-start"
      arrow
      describeChild
      slotProps={{ tooltip: { sx: { bgcolor: 'error.main', fontSize: 12 } }, arrow: { sx: { color: 'error.main' } } }}
    >
      {children}
    </Tooltip>
  );
}

/** The adornments of spec section 9's numbers: R$ before money, % and hrs after percent and duration. */
function numberAdornments(type: string): { start?: string; end?: string } {
  switch (type) {
    case 'CURRENCY':
      return { start: 'R$' };
    case 'PERCENTILE':
      return { end: '%' };
    case 'DURATION':
      return { end: 'hrs' };
    default:
      return {};
  }
}

/** A number in the user's separators (1.234,56 in pt-BR, 1,234.56 in en); letters never get in. */
export function NumberEditCell(props: EditCellProps) {
  const { column, lang } = props;
  return (
    <TextEditCell
      {...props}
      initial={numberEditText(props.params.value, column, lang)}
      clean={(text) => text.replace(/[^\d.,-]/g, '')}
      inputMode="decimal"
      align="right"
      {...numberAdornments(column.type)}
    />
  );
}

/**
 * A date typed section by section in the column's format (DD/MM/YYYY, with HH:mm for moments), as
 * the form's date chooser types it; its text is the cell's edit value (cellEdit.editOutcome reads
 * it on commit).
 */
export function DateEditCell({ params, column, label }: EditCellProps) {
  const apiRef = useGridApiContext();
  const { id, field, hasFocus, error } = params;
  const format = dateFormatOfColumn(column);
  // Started by a typed key the grid empties the value: the sections start empty.
  const [text, setText] = useState(() =>
    typeof params.value === 'string' ? params.value : dateEditText(params.value, column),
  );
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (hasFocus) box.current?.querySelector<HTMLElement>('[role="spinbutton"]')?.focus();
  }, [hasFocus]);
  const message = typeof error === 'string' ? error : '';
  return (
    <ProblemTip message={message}>
      <Box ref={box} sx={{ height: '100%', width: '100%', display: 'flex', alignItems: 'center' }}>
        <DateTextField
          format={format}
          value={text}
          ariaLabel={label}
          error={message !== ''}
          onChange={(next) => {
            setText(next);
            void apiRef.current.setEditCellValue({ id, field, value: next });
          }}
          sx={{
            height: '100%',
            '& .MuiPickersInputBase-root': { height: '100%', fontSize: 13, borderRadius: 0 },
            '& .MuiPickersOutlinedInput-notchedOutline': {
              borderWidth: 2,
              borderColor: message ? 'error.main' : 'primary.main',
            },
          }}
        />
      </Box>
    </ProblemTip>
  );
}

/**
 * A picklist's choices (the grid's own select, its options the column's valueOptions for the row):
 * choosing one saves it at once, as a form's dropdown would; Escape closes the list without a
 * change. A hint (a dependent picklist left without options by the row's parent value) shows
 * above the cell while it is edited.
 */
export function ListEditCell({ params, hint }: { params: GridRenderEditCellParams<ItemRow>; hint?: string }) {
  const apiRef = useGridApiContext();
  // An empty cell has no value: the select's own empty choice stands for it.
  const select = (
    <GridEditSingleSelectCell
      {...params}
      value={params.value ?? ''}
      onValueChange={() => apiRef.current.stopCellEditMode({ id: params.id, field: params.field })}
    />
  );
  if (!hint) return select;
  return (
    <Tooltip
      title={hint}
      open
      placement="top-start"
      arrow
      describeChild
      slotProps={{ tooltip: { sx: { fontSize: 12 } } }}
    >
      <Box sx={{ width: '100%', height: '100%', display: 'flex' }}>{select}</Box>
    </Tooltip>
  );
}

export interface ReferenceTexts {
  placeholder: string;
  noOptions: string;
  loading: string;
  clear: string;
}

/**
 * A reference (user, group, company, project, item) picked by a search as you type in the cell,
 * from the same source the form's picker uses (forms/referenceSources). Choosing saves at once,
 * as the picklist's editor does; the clear button empties the field; Escape cancels. A key typed
 * on the cell starts the search with it.
 */
export function ReferenceEditCell({
  params,
  column,
  label,
  source,
  texts,
}: {
  params: GridRenderEditCellParams<ItemRow>;
  column: ItemColumn;
  label: string;
  source: ReferenceSource;
  texts: ReferenceTexts;
}) {
  const apiRef = useGridApiContext();
  const { id, field, row, hasFocus } = params;
  const idField = idFieldOf(column);
  const currentId = idField ? row[idField] : undefined;
  const current: ReferenceChoice | null =
    typeof currentId === 'number' ? { id: currentId, label: String(row[field] ?? currentId) } : null;
  // Started by a typed key the grid empties the edit value: the search starts with that key (it lands in the input).
  const [text, setText] = useState('');
  const [options, setOptions] = useState<ReferenceChoice[]>([]);
  const [loading, setLoading] = useState(true);
  const input = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    if (hasFocus) input.current?.focus();
  }, [hasFocus]);
  useEffect(() => {
    const controller = new AbortController();
    // A short pause while the user types, so each key does not become a request.
    const timer = setTimeout(() => {
      setLoading(true);
      referenceLookup(source, { text: text.trim(), componentId: column.componentId }, controller.signal)
        .then((found) => setOptions(found))
        .catch(() => setOptions([]))
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [source, text, column.componentId]);
  const pick = (choice: ReferenceChoice | null) => {
    void Promise.resolve(apiRef.current.setEditCellValue({ id, field, value: choice })).then(() =>
      apiRef.current.stopCellEditMode({ id, field }),
    );
  };
  return (
    <Box
      sx={{ width: '100%', height: '100%', display: 'flex' }}
      // Enter picks the highlighted choice (the list's own key); the grid must not end the edit with the old value first.
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.stopPropagation();
      }}
    >
      <Autocomplete<ReferenceChoice, false, false, false>
        open
        fullWidth
        autoHighlight
        openOnFocus
        value={current}
        inputValue={text}
        onInputChange={(_event, value, reason) => {
          if (reason === 'input' || reason === 'clear') setText(value);
        }}
        onChange={(_event, choice) => pick(choice)}
        options={options}
        // The server searched: every option it answered is shown.
        filterOptions={(x) => x}
        getOptionLabel={(o) => o.label}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        loading={loading}
        loadingText={texts.loading}
        noOptionsText={texts.noOptions}
        clearText={texts.clear}
        renderOption={(props, option) => {
          const { key, ...rest } = props as typeof props & { key: string };
          return (
            <Box
              component="li"
              key={key}
              {...rest}
              sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start !important' }}
            >
              <span>{option.label}</span>
              {option.secondary && (
                <Box component="span" sx={{ fontSize: 12, color: 'text.secondary' }}>
                  {option.secondary}
                </Box>
              )}
            </Box>
          );
        }}
        slotProps={{ popper: { sx: { minWidth: 280 } } }}
        renderInput={(inputParams) => (
          <TextField
            {...inputParams}
            variant="standard"
            inputRef={input}
            placeholder={current ? current.label : texts.placeholder}
            slotProps={{
              ...inputParams.slotProps,
              htmlInput: {
                ...inputParams.slotProps.htmlInput,
                'aria-label': label,
                onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
                  // Escape cancels the edit (the open list would otherwise keep the key to itself).
                  if (event.key === 'Escape') {
                    event.preventDefault();
                    event.stopPropagation();
                    void apiRef.current.stopCellEditMode({ id, field, ignoreModifications: true });
                  }
                },
              },
              input: {
                ...inputParams.slotProps.input,
                disableUnderline: true,
                endAdornment: (
                  <>
                    {loading && <CircularProgress size={14} sx={{ mr: 0.5 }} />}
                    {inputParams.slotProps.input.endAdornment}
                  </>
                ),
              },
            }}
            sx={{
              height: '100%',
              justifyContent: 'center',
              px: 1,
              boxShadow: (theme) => `inset 0 0 0 2px ${theme.palette.primary.main}`,
              '& .MuiInputBase-root': { fontSize: 13 },
            }}
          />
        )}
      />
    </Box>
  );
}
