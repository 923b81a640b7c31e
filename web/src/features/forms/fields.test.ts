import { describe, expect, it } from 'vitest';
import {
  checkField,
  checkFields,
  currentItem,
  fieldsOf,
  shownFieldKeys,
  showWhenHolds,
  toFormValues,
  toSaveItem,
} from './fields';
import { demoItem, demoTree } from './testing/demoForm';

const fields = fieldsOf(demoTree);
const byKey = (key: string) => fields.find((f) => f.key === key);

describe('fieldsOf: the tree becomes the fields the form edits', () => {
  it('lists bound controls in order, the responsible under ResponsibleID, address parts after the ZIP', () => {
    expect(fields.map((f) => f.key)).toEqual([
      'Title',
      'priority',
      'area',
      'subarea',
      'ResponsibleID',
      'description',
      'dueDate',
      'progress',
      'cost',
      'storyPoints',
      'milestone',
      'code',
      'phone',
      'zip',
      'city',
      'state',
      'street',
      'photo',
    ]);
  });

  it('knows how each field is edited', () => {
    expect(byKey('priority')?.kind).toBe('choice');
    expect(byKey('ResponsibleID')?.kind).toBe('reference');
    expect(byKey('description')?.kind).toBe('richText');
    expect(byKey('phone')?.kind).toBe('phone');
    expect(byKey('zip')?.kind).toBe('zip');
    expect(byKey('city')?.part).toBe('city');
    expect(byKey('cost')?.kind).toBe('number');
  });

  it('leaves out read-only displays (indicator, label); an image is a data URL', () => {
    expect(fields.filter((f) => f.control.kind === 'indicator' || f.control.kind === 'label')).toEqual([]);
    expect(byKey('photo')?.kind).toBe('image');
    const photo = byKey('photo');
    if (!photo) throw new Error('photo');
    expect(toSaveItem([photo], { photo: '' }, { id: 0 }, 0)).toEqual({ id: 0, photo: null });
    expect(checkFields([photo], { photo: `data:image/png;base64,${'A'.repeat(10_000)}` }, new Set(['photo']))).toEqual(
      {},
    );
  });
});

describe('values', () => {
  const values = toFormValues(fields, demoItem);

  it('shows the stored values as the user reads them', () => {
    expect(values).toMatchObject({
      Title: 'Migrar o relatório',
      priority: 'low',
      ResponsibleID: 1,
      progress: '40,00',
      cost: '1.234,50',
      storyPoints: '3',
      dueDate: '05/01/2026',
      milestone: false,
      zip: '',
    });
  });

  it('gives saveItem the id, the version stamp and typed values of the writable fields', () => {
    const edited = { ...values, cost: '2.000,75', dueDate: '10/02/2026', priority: '', storyPoints: '' };
    const item = toSaveItem(fields, edited, demoItem, 639310173545768580);
    expect(item).toMatchObject({
      id: 501,
      modificationDateTicks: 639310173545768580,
      Title: 'Migrar o relatório',
      cost: 2000.75,
      dueDate: '2026-02-10',
      priority: null,
      storyPoints: null,
      ResponsibleID: 1,
      zip: null,
    });
    expect(item).not.toHaveProperty('StatusName');
  });

  it('sends no version stamp for a new item', () => {
    expect(toSaveItem(fields, values, { id: 0 }, 0)).not.toHaveProperty('modificationDateTicks');
  });
});

describe('showWhen', () => {
  it('tests a field of the item as it is being edited', () => {
    expect(showWhenHolds({ field: 'milestone', operator: 'equals', value: true }, { milestone: true })).toBe(true);
    expect(showWhenHolds({ field: 'milestone', operator: 'equals', value: true }, { milestone: false })).toBe(false);
    expect(showWhenHolds({ field: 'StatusName', operator: 'isNotEmpty' }, { StatusName: 'A fazer' })).toBe(true);
    expect(
      showWhenHolds({ field: 'priority', operator: 'isAnyOf', value: ['high', 'medium'] }, { priority: 'low' }),
    ).toBe(false);
    expect(showWhenHolds({ field: 'ResponsibleName', operator: 'isEmpty' }, { ResponsibleID: null })).toBe(true);
  });

  it('does not require a field its container hides', () => {
    const tree = {
      kind: 'panel',
      children: [
        {
          kind: 'group box',
          showWhen: { field: 'milestone', operator: 'equals' as const, value: true },
          children: [{ kind: 'textbox', field: 'code', label: 'Código', required: true }],
        },
        { kind: 'checkbox', field: 'milestone' },
      ],
    };
    const own = fieldsOf(tree);
    const hidden = currentItem(own, { code: '', milestone: false }, {});
    expect(checkFields(own, { code: '', milestone: false }, shownFieldKeys(tree, own, hidden))).toEqual({});
    const shown = currentItem(own, { code: '', milestone: true }, {});
    expect(checkFields(own, { code: '', milestone: true }, shownFieldKeys(tree, own, shown))).toEqual({
      code: { key: 'fillInThisField' },
    });
  });
});

describe('checkFields: the messages of spec section 5', () => {
  const all = new Set(fields.map((f) => f.key));
  const good = toFormValues(fields, demoItem);

  it('accepts the stored item', () => {
    expect(checkFields(fields, good, all)).toEqual({});
  });

  it('names each refused field with its reason', () => {
    const bad = {
      ...good,
      Title: ' ',
      progress: '150',
      dueDate: '01/01/1600',
      code: 'AB-12',
      phone: '(11) 9876',
      zip: '0131',
      storyPoints: '',
    };
    expect(checkFields(fields, bad, all)).toEqual({
      Title: { key: 'fillInThisField' },
      progress: { key: 'valueInRange', params: { minimum: '0', maximum: '100' } },
      dueDate: { key: 'enterValidValueDate' },
      code: { key: 'maskFormat', params: { mask: 'aaa-9999' } },
      phone: { key: 'maskFormat', params: { mask: '(99) 99999-9999' } },
      zip: { key: 'maskFormat', params: { mask: '99999-999' } },
    });
  });

  it('accepts a land line under the phone mask and refuses an impossible date', () => {
    expect(checkFields(fields, { ...good, phone: '(11) 3456-7890', dueDate: '31/04/2026' }, all)).toEqual({
      dueDate: { key: 'incorrectDate' },
    });
  });

  it('skips read-only fields', () => {
    const readOnly = fieldsOf({
      kind: 'panel',
      children: [{ kind: 'textbox', field: 'Title', required: true, readOnly: true }],
    });
    expect(checkFields(readOnly, { Title: '' }, new Set(['Title']))).toEqual({});
  });
});

describe('documents', () => {
  const masked = (mask: string) => ({ ...byKey('code')!, control: { ...byKey('code')!.control, mask } });

  it("checks a CPF's or a CNPJ's digits when the mask is theirs, as the server does", () => {
    expect(checkField(masked('999.999.999-99'), '529.982.247-25')).toBeNull();
    expect(checkField(masked('999.999.999-99'), '529.982.247-24')).toEqual({
      key: 'documentInvalid',
      params: { kind: 'CPF' },
    });
    expect(checkField(masked('99.999.999/9999-99'), '11.222.333/0001-81')).toBeNull();
    expect(checkField(masked('**.***.***/****-99'), '12.ABC.345/01DE-36')).toEqual({
      key: 'documentInvalid',
      params: { kind: 'CNPJ' },
    });
    expect(checkField(masked('999-999'), '123-456')).toBeNull();
  });
});
