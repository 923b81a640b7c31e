import { describe, expect, it } from 'vitest';
import type { FormControl } from '../../forms';
import { bulkChoices, bulkValues, checkBulk, serverFieldErrors, withParents } from './fields';

// A task form as getForm answers it in bulk mode (nothing required).
const tree: FormControl = {
  kind: 'tab control',
  children: [
    {
      kind: 'panel',
      label: 'Geral',
      children: [
        { kind: 'textbox', field: 'Title', label: 'Título', attributeType: 'STRING' },
        { kind: 'dropdown', field: 'priority', label: 'Prioridade', attributeType: 'PICKLIST', picklistId: 1 },
        { kind: 'radio group', field: 'area', label: 'Área', attributeType: 'PICKLIST', picklistId: 2 },
        {
          kind: 'dropdown',
          field: 'subarea',
          label: 'Subárea',
          attributeType: 'PICKLIST',
          picklistId: 3,
          dependsOn: 'area',
        },
        { kind: 'dropdown', field: 'ResponsibleName', label: 'Responsável', attributeType: 'USERS' },
        { kind: 'html', text: '<p>ajuda</p>' },
      ],
    },
    {
      kind: 'panel',
      label: 'Planejamento',
      children: [
        {
          kind: 'numeric picker',
          field: 'progress',
          label: 'Progresso',
          attributeType: 'PERCENTILE',
          decimalScale: 2,
          minimum: 0,
          maximum: 100,
          suffix: '%',
        },
        { kind: 'indicator', field: 'progress', label: 'Progresso atual', attributeType: 'PERCENTILE' },
        {
          kind: 'date chooser',
          field: 'approvedOn',
          label: 'Aprovada em',
          attributeType: 'DATE_TIME',
          readOnly: true,
          format: 'DD/MM/YYYY',
        },
        { kind: 'textbox', field: 'secret', label: 'Oculto', attributeType: 'STRING', hidden: true },
        { kind: 'masked textbox', field: 'code', label: 'Código', attributeType: 'STRING', mask: 'aaa-9999' },
        {
          kind: 'address',
          field: 'zip',
          label: 'CEP',
          attributeType: 'STRING',
          parts: { street: 'street', city: 'city' },
        },
        { kind: 'button', label: 'Recalcular', rule: 'recalculate' },
      ],
    },
  ],
};

describe('bulkChoices', () => {
  it('offers each field the form writes once, in form order, without read-only, hidden or display controls', () => {
    const choices = bulkChoices(tree);
    expect(choices.map((c) => c.key)).toEqual([
      'Title',
      'priority',
      'area',
      'subarea',
      'ResponsibleID',
      'progress',
      'code',
      'zip',
    ]);
    expect(choices.find((c) => c.key === 'ResponsibleID')!.label).toBe('Responsável');
    // An address writes its parts with it.
    expect(choices.find((c) => c.key === 'zip')!.fields.map((f) => f.key)).toEqual(['zip', 'street', 'city']);
  });

  it('brings a dependent picklist’s parent along, before it', () => {
    const choices = bulkChoices(tree);
    const subarea = choices.filter((c) => c.key === 'subarea');
    expect(withParents(subarea, choices).map((c) => c.key)).toEqual(['area', 'subarea']);
    const both = choices.filter((c) => c.key === 'subarea' || c.key === 'area');
    expect(withParents(both, choices).map((c) => c.key)).toEqual(['area', 'subarea']);
  });
});

describe('bulk values', () => {
  const choices = bulkChoices(tree);
  const pick = (...keys: string[]) => keys.map((k) => choices.find((c) => c.key === k)!);

  it('sends only the picked fields, as saveItem takes them; an emptied one clears the value', () => {
    const values = { Title: 'não vai', priority: 'high', progress: '40,5', ResponsibleID: 7, code: '' };
    expect(bulkValues(pick('priority', 'progress', 'ResponsibleID', 'code'), values)).toEqual({
      priority: 'high',
      progress: 40.5,
      ResponsibleID: 7,
      code: null,
    });
  });

  it('checks the picked fields as the form does, and only those', () => {
    const values = { progress: '150', code: '12', Title: 'x'.repeat(600) };
    expect(Object.keys(checkBulk(pick('progress', 'code'), values)).sort()).toEqual(['code', 'progress']);
    expect(checkBulk(pick('progress'), values).progress).toEqual({
      key: 'valueInRange',
      params: { minimum: '0', maximum: '100' },
    });
    expect(checkBulk(pick('priority'), values)).toEqual({});
  });

  it('puts the server’s messages on the picked fields (ResponsibleName writes ResponsibleID)', () => {
    const validations = [
      { Field: 'ResponsibleID', Message: 'usuário inativo' },
      { Field: 'priority', Message: 'opção inválida' },
    ];
    expect(serverFieldErrors(validations, pick('ResponsibleID'))).toEqual({ ResponsibleID: 'usuário inativo' });
    expect(serverFieldErrors(undefined, pick('ResponsibleID'))).toEqual({});
  });
});
