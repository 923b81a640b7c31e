import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { DataGrid } from '@mui/x-data-grid';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { buildColumns, type ColumnContext } from './columns';
import { PENDING_EDIT, isEditableCell, withEditing, type EditContext, type PendingEdit } from './editColumns';
import type { ItemColumn, ItemRow } from './types';

// The grid itself (MUI X in jsdom) with the list's editing: a row the user may not change opens
// no editor; a reference cell searches the form's source and hands the choice picked over.

const lookups = vi.hoisted(() => ({ calls: [] as { source: string; text?: string; componentId?: number }[] }));
vi.mock('../../../api/referenceSources', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../api/referenceSources')>();
  return {
    ...original,
    referenceLookup: vi.fn(async (source: string, request: { text?: string; componentId?: number }) => {
      lookups.calls.push({ source, ...request });
      const all = [
        { id: 9, label: 'Acme Ltda' },
        { id: 10, label: 'Beta Serviços' },
      ];
      return all.filter((c) => c.label.toLowerCase().includes((request.text ?? '').toLowerCase()));
    }),
  };
});

vi.setConfig({ testTimeout: 20_000 });

const col = (
  field: string,
  type: string,
  filterKind: ItemColumn['filterKind'],
  extra: Partial<ItemColumn> = {},
): ItemColumn => ({
  field,
  header: field,
  type,
  width: 150,
  filterKind,
  dateTimeFormatType: 1,
  sortable: true,
  ...extra,
});

const columns = [
  col('Title', 'STRING', 'text'),
  col('progress', 'PERCENTILE', 'number', { editInGrid: true }),
  col('company', 'COMPANY', 'reference', { editInGrid: true }),
];

const context: ColumnContext = {
  lang: 'pt-BR',
  yes: 'Sim',
  no: 'Não',
  hasAttachments: 'Possui Anexos',
  hasContent: 'Possui conteúdo digital',
  openLabel: (t) => `Abrir ${t}`,
  range: { between: 'entre', from: 'De', to: 'Até' },
  choices: () => [],
  editLink: (row) => `/edit/${row.id}`,
};

const editing: EditContext = {
  lang: 'pt-BR',
  problemText: (p) => p,
  emptyLabel: '(vazio)',
  editableHint: 'Editável na lista',
  choices: () => [],
  reference: { placeholder: 'Pesquisar…', noOptions: 'Nenhum resultado', loading: 'Carregando…', clear: 'Limpar' },
  anyEditable: true,
  lockedHint: 'Você não pode alterar este item.',
  dependentHint: (parent, parentEmpty) =>
    parentEmpty ? `Escolha antes um valor em ${parent}` : `Sem opções para ${parent}`,
};

const rows: ItemRow[] = [
  { id: 1, Title: 'Minha tarefa', progress: 10, company: 'Beta Serviços', companyID: 10, CanEdit: true },
  {
    id: 2,
    Title: 'Tarefa da obra',
    progress: 20,
    company: '',
    CanEdit: false,
    CannotEditReason: 'O usuário participa do projeto Obra somente para leitura.',
  },
];

function Grid({
  onUpdate,
  cols = columns,
  data = rows,
  ctx = editing,
}: {
  onUpdate: (row: ItemRow) => void;
  cols?: ItemColumn[];
  data?: ItemRow[];
  ctx?: EditContext;
}) {
  return (
    <MemoryRouter>
      <div style={{ width: 900, height: 400 }}>
        <DataGrid<ItemRow>
          rows={data}
          columns={withEditing(buildColumns(cols, context), cols, ctx)}
          isCellEditable={isEditableCell}
          processRowUpdate={(row, old) => {
            onUpdate(row);
            return old;
          }}
          disableVirtualization
          autoHeight
        />
      </div>
    </MemoryRouter>
  );
}

const cell = (rowId: number, field: string) => {
  const row = document.querySelector(`[role=row][data-id="${rowId}"]`);
  if (!row) throw new Error(`row ${rowId}`);
  const found = row.querySelector<HTMLElement>(`[role=gridcell][data-field="${field}"]`);
  if (!found) throw new Error(`cell ${rowId}/${field}`);
  return found;
};

describe('grid editing', () => {
  it('opens no editor in a row the user may not change, and says why on hover', async () => {
    render(<Grid onUpdate={() => {}} />);
    await screen.findByText('Tarefa da obra');
    fireEvent.doubleClick(cell(2, 'progress'));
    fireEvent.keyDown(cell(2, 'progress'), { key: 'Enter' });
    expect(within(cell(2, 'progress')).queryByRole('textbox')).toBeNull();
    expect(cell(2, 'progress')).toHaveClass('tramita-cell-locked');
    fireEvent.mouseOver(within(cell(2, 'progress')).getByText('20,00%'));
    expect(
      await screen.findByRole('tooltip', { name: 'O usuário participa do projeto Obra somente para leitura.' }),
    ).toBeInTheDocument();
    // The row the user may change edits as before.
    fireEvent.doubleClick(cell(1, 'progress'));
    expect(await within(cell(1, 'progress')).findByRole('textbox', { name: 'progress' })).toHaveValue('10');
    expect(cell(1, 'progress')).toHaveClass('tramita-cell-editable');
  });

  it('edits a reference with a search in the form source and hands the choice picked over', async () => {
    const updates: ItemRow[] = [];
    render(<Grid onUpdate={(row) => updates.push(row)} />);
    await screen.findByText('Minha tarefa');
    fireEvent.doubleClick(cell(1, 'company'));
    const input = await within(cell(1, 'company')).findByRole('combobox', { name: 'company' });
    fireEvent.change(input, { target: { value: 'acme' } });
    // The server's answer to the text is what the list offers (nothing filtered in the browser).
    await waitFor(() => {
      expect(screen.getByRole('option', { name: 'Acme Ltda' })).toBeInTheDocument();
      expect(screen.queryByRole('option', { name: 'Beta Serviços' })).toBeNull();
    });
    const option = screen.getByRole('option', { name: 'Acme Ltda' });
    expect(lookups.calls.at(-1)).toMatchObject({ source: 'companies', text: 'acme' });
    fireEvent.click(option);
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]?.[PENDING_EDIT]).toEqual({
      field: 'company',
      value: { id: 9, label: 'Acme Ltda' },
    } satisfies PendingEdit);
  });

  describe('a dependent picklist', () => {
    // Subárea depends on Área: each option belongs to an Área value (loadPicklistItems' parentValue).
    const pickCols = [
      col('Title', 'STRING', 'text'),
      col('area', 'PICKLIST', 'list', { header: 'Área', editInGrid: true, picklistId: 1 }),
      col('subarea', 'PICKLIST', 'list', { header: 'Subárea', editInGrid: true, picklistId: 2, dependsOn: 'area' }),
    ];
    const areas = [
      { value: 'it', label: 'Tecnologia', parentValue: null },
      { value: 'ops', label: 'Operações', parentValue: null },
    ];
    const subareas = [
      { value: 'dev', label: 'Desenvolvimento', parentValue: 'it' },
      { value: 'infra', label: 'Infraestrutura', parentValue: 'it' },
      { value: 'logistics', label: 'Logística', parentValue: 'ops' },
    ];
    const pickCtx: EditContext = {
      ...editing,
      choices: (c) => (c.field === 'area' ? areas : c.field === 'subarea' ? subareas : []),
    };
    const pickRows: ItemRow[] = [
      {
        id: 1,
        Title: 'Da TI',
        area: 'Tecnologia',
        areaValue: 'it',
        subarea: 'Desenvolvimento',
        subareaValue: 'dev',
        CanEdit: true,
      },
      { id: 2, Title: 'Das operações', area: 'Operações', areaValue: 'ops', CanEdit: true },
      { id: 3, Title: 'Sem área', CanEdit: true },
    ];
    const offered = () => screen.getAllByRole('option').map((o) => o.textContent);

    it("offers only the options of the row's parent value and hands the choice over", async () => {
      const updates: ItemRow[] = [];
      render(<Grid onUpdate={(row) => updates.push(row)} cols={pickCols} data={pickRows} ctx={pickCtx} />);
      await screen.findByText('Da TI');
      fireEvent.doubleClick(cell(1, 'subarea'));
      await waitFor(() => expect(offered()).toEqual(['(vazio)', 'Desenvolvimento', 'Infraestrutura']));
      expect(screen.queryByRole('tooltip')).toBeNull();
      fireEvent.click(screen.getByRole('option', { name: 'Infraestrutura' }));
      await waitFor(() => expect(updates).toHaveLength(1));
      expect(updates[0]?.[PENDING_EDIT]).toEqual({ field: 'subarea', value: 'infra' } satisfies PendingEdit);
    });

    it('offers the options of another row its own parent value, and the parent every option', async () => {
      render(<Grid onUpdate={() => {}} cols={pickCols} data={pickRows} ctx={pickCtx} />);
      await screen.findByText('Das operações');
      fireEvent.doubleClick(cell(2, 'subarea'));
      await waitFor(() => expect(offered()).toEqual(['(vazio)', 'Logística']));
      fireEvent.keyDown(screen.getByRole('option', { name: 'Logística' }), { key: 'Escape' });
      await waitFor(() => expect(screen.queryByRole('option')).toBeNull());
      fireEvent.doubleClick(cell(2, 'area'));
      await waitFor(() => expect(offered()).toEqual(['(vazio)', 'Tecnologia', 'Operações']));
    });

    it('with the parent empty offers no option and says to choose the parent first', async () => {
      render(<Grid onUpdate={() => {}} cols={pickCols} data={pickRows} ctx={pickCtx} />);
      await screen.findByText('Sem área');
      fireEvent.doubleClick(cell(3, 'subarea'));
      await waitFor(() => expect(offered()).toEqual(['(vazio)']));
      expect(await screen.findByRole('tooltip', { name: 'Escolha antes um valor em Área' })).toBeInTheDocument();
    });
  });
});
