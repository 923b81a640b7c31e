import { useLayoutEffect, useRef, useState, type ChangeEvent } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import InputBase from '@mui/material/InputBase';
import Tooltip from '@mui/material/Tooltip';
import { GridEditSingleSelectCell, useGridApiContext, type GridRenderEditCellParams } from '@mui/x-data-grid';
import { maskDateText } from '../../forms/dates';
import { dateEditText, dateFormatOfColumn, numberEditText } from './cellEdit';
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
    <Tooltip
      title={message}
      open={message !== ''}
      placement="bottom-start"
      arrow
      describeChild
      slotProps={{ tooltip: { sx: { bgcolor: 'error.main', fontSize: 12 } }, arrow: { sx: { color: 'error.main' } } }}
    >
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

/** A date typed over the column's format (DD/MM/YYYY, with HH:mm for moments): the form's mask. */
export function DateEditCell(props: EditCellProps) {
  const { column, lang } = props;
  const format = dateFormatOfColumn(column);
  // pt-BR reads the year's letter as A (ano).
  const placeholder = lang.startsWith('en') ? format : format.replace(/Y/g, 'A');
  return (
    <TextEditCell
      {...props}
      initial={dateEditText(props.params.value, column)}
      clean={(text) => maskDateText(text, format)}
      placeholder={placeholder}
      inputMode="numeric"
      align="left"
    />
  );
}

/**
 * A picklist's choices (the grid's own select): choosing one saves it at once, as a form's
 * dropdown would; Escape closes the list without a change.
 */
export function ListEditCell({ params }: { params: GridRenderEditCellParams<ItemRow> }) {
  const apiRef = useGridApiContext();
  return <GridEditSingleSelectCell {...params} onValueChange={() => apiRef.current.stopCellEditMode({ id: params.id, field: params.field })} />;
}
